// Where a file's size is heading: a sparkline of its history and, for a growing file,
// when at its least-squares rate the runtime starts cutting it.
import { formatCount } from './format';
import type { FileContent, RuntimeOptions, RuntimeProfile, SizeUnit } from './runtimes/profile';

/** A file's size in the runtime's unit at one commit. */
export interface SizePoint {
  /** Milliseconds since the epoch (the commit date). */
  readonly date: number;
  readonly size: number;
}

export interface Forecast {
  /** Least-squares growth in the runtime's unit per day (> 0). */
  readonly perDay: number;
  /** Days between the first and the last point. */
  readonly spanDays: number;
  readonly points: number;
  /** The size the forecast starts from: the current one when given, else the last point's. */
  readonly size: number;
  readonly cap?: number;
  /** Days from `now` until the size reaches the cap (0 when already past it); absent without a cap. */
  readonly daysUntilCap?: number;
}

const DAY = 24 * 60 * 60 * 1000;
/** Fewer points, or a shorter span, say too little to extrapolate from. */
export const FORECAST_MIN_POINTS = 3;
export const FORECAST_MIN_DAYS = 3;
const BARS = '▁▂▃▄▅▆▇█';

/** One bar per value (the last of each bucket past `width`), from the lowest value to the highest. */
export function sparkline(values: readonly number[], width = 30): string {
  if (values.length === 0) return '';
  const shown = values.length <= width ? values : Array.from({ length: width }, (_, i) => values[Math.ceil(((i + 1) * values.length) / width) - 1]);
  const low = Math.min(...shown);
  const high = Math.max(...shown);
  return shown.map((value) => BARS[high === low ? 0 : Math.round(((value - low) / (high - low)) * (BARS.length - 1))]).join('');
}

/** The least-squares slope of size over time, in units per day; undefined for fewer than two distinct dates. */
export function growthPerDay(history: readonly SizePoint[]): number | undefined {
  const n = history.length;
  if (n < 2) return undefined;
  const xs = history.map((point) => (point.date - history[0].date) / DAY);
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = history.reduce((a, point) => a + point.size, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - meanX) * (history[i].size - meanY);
    sxx += (xs[i] - meanX) ** 2;
  }
  return sxx === 0 ? undefined : sxy / sxx;
}

/**
 * The forecast for a growing file; undefined when the history is too short (fewer than
 * FORECAST_MIN_POINTS points or FORECAST_MIN_DAYS days) or the file is not growing
 * (less than one unit a day). `history` is in date order; `current` is the size now.
 */
export function forecastGrowth(history: readonly SizePoint[], options: { readonly now: number; readonly cap?: number; readonly current?: number }): Forecast | undefined {
  if (history.length < FORECAST_MIN_POINTS) return undefined;
  const last = history[history.length - 1];
  const spanDays = (last.date - history[0].date) / DAY;
  if (spanDays < FORECAST_MIN_DAYS) return undefined;
  const perDay = growthPerDay(history);
  if (perDay === undefined || perDay < 1) return undefined;
  const size = options.current ?? last.size;
  const forecast = { perDay, spanDays, points: history.length, size };
  if (options.cap === undefined) return forecast;
  // From the current size the clock starts now; from the last commit's, it started then.
  const since = options.current === undefined ? Math.max(0, (options.now - last.date) / DAY) : 0;
  const daysUntilCap = Math.max(0, (options.cap - size) / perDay - since);
  return { ...forecast, cap: options.cap, daysUntilCap };
}

const unitWords: Record<SizeUnit, string> = { bytes: 'bytes', chars: 'chars', codepoints: 'code points' };

/**
 * "MEMORY.md grew 410 chars a day over 30 days; at this rate OpenClaw starts cutting it
 * in about 12 days". `runtime` names the runtime ("OpenClaw").
 */
export function formatForecast(name: string, forecast: Forecast, unit: SizeUnit, runtime: string): string {
  const growth = `${name} grew ${formatCount(Math.round(forecast.perDay))} ${unitWords[unit]} a day over ${days(forecast.spanDays)}`;
  if (forecast.cap === undefined || forecast.daysUntilCap === undefined) return growth;
  if (forecast.size > forecast.cap) return `${growth}; ${runtime} already cuts it`;
  if (forecast.daysUntilCap < 1) return `${growth}; at this rate ${runtime} starts cutting it within a day`;
  return `${growth}; at this rate ${runtime} starts cutting it in about ${days(forecast.daysUntilCap)}`;
}

function days(count: number): string {
  const whole = Math.max(1, Math.round(count));
  return whole === 1 ? '1 day' : `${formatCount(whole)} days`;
}

/**
 * A file's size in the runtime's unit, as the runtime measures it when composing: for a
 * point of its history, from content read at one commit (bounded by `profile.readLimit`,
 * with the blob's whole size in `size`). Undefined when the runtime does not know the name.
 */
export function measureFileSize(profile: RuntimeProfile, options: RuntimeOptions, dir: string, name: string, content: FileContent): number | undefined {
  const composition = profile.compose({ dir, files: new Map([[name, content]]) }, options);
  return composition.files.find((file) => file.name === name)?.size;
}
