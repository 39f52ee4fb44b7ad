// Writes test/fixtures/secrets/: persona files holding generated, FAKE secrets of the
// shapes real ones have (from a seeded generator, so the sample is the same on every run),
// beside near misses and placeholders, and expected.json saying where each secret is.
// Run: node scripts/secretsSample.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'secrets');

// A small seeded generator (mulberry32): the same characters on every run.
let seed = 0x5eed5;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const B64 = ALNUM + '+/';
const URLSAFE = ALNUM + '-_';
const DIGITS = '0123456789';
const pick = (alphabet, n) => Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
// "FAKE" is spelt into every value whose alphabet has those letters.
const fake = (alphabet, n) => 'FAKE' + pick(alphabet, n - 4);

const generators = {
  'openai-api-key': [
    () => `sk-proj-${fake(URLSAFE, 74)}T3BlbkFJ${pick(URLSAFE, 74)}`,
    () => `sk-${fake(ALNUM, 20)}T3BlbkFJ${pick(ALNUM, 20)}`,
    () => `sk-proj-${fake(ALNUM, 48)}`,
    () => `sk-${fake(ALNUM, 48)}`,
  ],
  'anthropic-api-key': [() => `sk-ant-api03-${fake(URLSAFE, 93)}AA`, () => `sk-ant-api03-${fake(URLSAFE, 93)}AA`, () => `sk-ant-oat01-${fake(URLSAFE, 95)}`],
  'google-api-key': [() => `AIza${fake(URLSAFE, 35)}`, () => `AIza${fake(URLSAFE, 35)}`, () => `AIza${fake(URLSAFE, 35)}`],
  'openrouter-api-key': [() => `sk-or-v1-${pick(HEX, 64)}`, () => `sk-or-v1-${pick(HEX, 64)}`],
  'github-token': [() => `ghp_${fake(ALNUM, 36)}`, () => `ghp_${fake(ALNUM, 36)}`, () => `github_pat_${fake(ALNUM, 22)}_${pick(ALNUM, 59)}`, () => `gho_${fake(ALNUM, 36)}`],
  'gitlab-token': [() => `glpat-${fake(URLSAFE, 20)}`, () => `glpat-${fake(URLSAFE, 26)}`],
  'slack-token': [
    () => `xoxb-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${fake(ALNUM, 24)}`,
    () => `xoxp-${pick(DIGITS, 12)}-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick(HEX, 32)}`,
  ],
  'slack-webhook': [() => `https://hooks.slack.com/services/T${pick(UPPER, 10)}/B${pick(UPPER, 10)}/${fake(ALNUM, 24)}`],
  'telegram-bot-token': [
    () => `${pick('123456789', 1)}${pick(DIGITS, 9)}:AA${fake(URLSAFE, 33)}`,
    () => `${pick('123456789', 1)}${pick(DIGITS, 9)}:AA${fake(URLSAFE, 33)}`,
    () => `${pick('123456789', 1)}${pick(DIGITS, 8)}:AA${fake(URLSAFE, 33)}`,
    () => `${pick('123456789', 1)}${pick(DIGITS, 9)}:AA${fake(URLSAFE, 33)}`,
  ],
  'discord-bot-token': [() => `M${fake(URLSAFE, 25)}.${pick(URLSAFE, 6)}.${pick(URLSAFE, 38)}`, () => `N${fake(URLSAFE, 23)}.${pick(URLSAFE, 6)}.${pick(URLSAFE, 27)}`],
  'discord-webhook': [() => `https://discord.com/api/webhooks/${pick('123456789', 1)}${pick(DIGITS, 18)}/${fake(URLSAFE, 68)}`],
  'notion-token': [() => `ntn_${pick(DIGITS, 11)}${fake(ALNUM, 35)}`, () => `secret_${fake(ALNUM, 43)}`, () => `ntn_${pick(DIGITS, 11)}${fake(ALNUM, 35)}`],
  'aws-access-key-id': [() => `AKIA${fake(UPPER, 16)}`, () => `AKIA${fake(UPPER, 16)}`],
  'aws-secret-access-key': [() => fake(B64, 40)],
  'npm-token': [() => `npm_${fake(ALNUM, 36)}`, () => `npm_${fake(ALNUM, 36)}`],
  'huggingface-token': [() => `hf_${fake(LETTERS, 34)}`, () => `hf_${fake(LETTERS, 34)}`],
  'groq-api-key': [() => `gsk_${fake(ALNUM, 52)}`],
  'tavily-api-key': [() => `tvly-dev-${fake(ALNUM, 32)}`, () => `tvly-${fake(ALNUM, 32)}`],
  'firecrawl-api-key': [() => `fc-${pick(HEX, 32)}`, () => `fc-${pick(HEX, 32)}`],
  'sendgrid-api-key': [() => `SG.${fake(URLSAFE, 22)}.${pick(URLSAFE, 43)}`],
  'private-key': [() => `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA${pick(B64, 60)}\n${pick(B64, 64)}\n${pick(B64, 64)}\n-----END RSA PRIVATE KEY-----`],
  'connection-string': [
    () => `postgres://app_owner:${fake(ALNUM, 18)}@db.internal.lan:5432/agent`,
    () => `mongodb+srv://ops:${fake(ALNUM, 16)}@cluster0.ab1cd.mongodb.net/memory`,
    () => `redis://default:${fake(ALNUM, 20)}@cache.internal.lan:6379`,
    () => `mysql://reporter:${fake(ALNUM, 14)}@10.0.0.12:3306/sales`,
  ],
  'url-credentials': [() => `https://deploy:${fake(ALNUM, 16)}@git.internal.lan/agent.git`, () => `https://bot:${fake(ALNUM, 14)}@registry.internal.lan/`],
  'bearer-token': [() => fake(URLSAFE, 40), () => `${fake(URLSAFE, 36)}.${pick(URLSAFE, 20)}`, () => fake(ALNUM, 32)],
  password: [() => `Fk${pick(ALNUM, 8)}!7`, () => `FAKE-${pick(ALNUM, 10)}`, () => `Fake${pick(DIGITS, 4)}#${pick(LETTERS, 4)}`, () => `f4ke${pick(ALNUM, 10)}`],
  'assigned-secret': [() => fake(ALNUM, 32), () => fake(HEX.toUpperCase() + HEX, 40), () => `key-${fake(ALNUM, 28)}`, () => fake(URLSAFE, 24)],
};

// How each kind is written in a persona file: `{}` is the value.
const settings = {
  'openai-api-key': ['OPENAI_API_KEY={}', '- OpenAI key: `{}`', 'export OPENAI_API_KEY="{}"', 'DeepSeek (OpenAI-compatible) key {} for the batch jobs'],
  'anthropic-api-key': ['ANTHROPIC_API_KEY={}', '- **Anthropic:** {}', 'Claude OAuth token: {}'],
  'google-api-key': ['GEMINI_API_KEY={}', '- Google Maps key: {}', 'Use the Places API with key={}'],
  'openrouter-api-key': ['OPENROUTER_API_KEY={}', '- OpenRouter: `{}`'],
  'github-token': ['GITHUB_TOKEN={}', 'export GH_TOKEN="{}"', '- GitHub (fine-grained): {}', 'OAuth app token {}'],
  'gitlab-token': ['GITLAB_TOKEN={}', '- GitLab PAT: `{}`'],
  'slack-token': ['SLACK_BOT_TOKEN={}', '- Slack user token: {}'],
  'slack-webhook': ['- Alerts go to {}'],
  'telegram-bot-token': ['- **Token**: {}', 'TELEGRAM_BOT_TOKEN={}', 'Bot @helper_bot, token `{}`', '| alerts | {} |'],
  'discord-bot-token': ['DISCORD_TOKEN={}', '- Discord bot: {}'],
  'discord-webhook': ['Post the summary to {}'],
  'notion-token': ['NOTION_TOKEN={}', '- Notion (legacy integration): {}', '- Notion: `{}`'],
  'aws-access-key-id': ['AWS_ACCESS_KEY_ID={}', '- AWS key id: {}'],
  'aws-secret-access-key': ['AWS_SECRET_ACCESS_KEY={}'],
  'npm-token': ['NPM_TOKEN={}', '//registry.npmjs.org/ publish with {}'],
  'huggingface-token': ['HF_TOKEN={}', '- Hugging Face: {}'],
  'groq-api-key': ['GROQ_API_KEY={}'],
  'tavily-api-key': ['const tvly = tavily({ apiKey: "{}" });', 'TAVILY_API_KEY={}'],
  'firecrawl-api-key': ['- Firecrawl: {}', 'Authorization header for Firecrawl: {}'],
  'sendgrid-api-key': ['SENDGRID_API_KEY={}'],
  'private-key': ['{}'],
  'connection-string': ['DATABASE_URL={}', '- Memory store: {}', 'REDIS_URL={}', '- Sales reports read {}'],
  'url-credentials': ['git remote: {}', '- Registry: {}'],
  'bearer-token': ['curl -H "Authorization: Bearer {}" https://api.internal.lan/v1', '`Authorization: Bearer {}`', 'Header: Authorization: Bearer {}'],
  password: ['- **Password:** {}', 'DB_PASSWORD={}', 'password: {}', 'Router admin passwd = {}'],
  'assigned-secret': ['WEATHER_API_KEY={}', '- X-OpenClaw-Key: {}', 'Admin key: `{}`', '"apiKey": "{}"'],
};

// Lines that look like a secret and are not: placeholders, documented examples, prose.
const NEAR_MISSES = [
  'OPENAI_API_KEY=sk-...',
  'OPENAI_API_KEY=${OPENAI_API_KEY}',
  'export ANTHROPIC_API_KEY=$ANTHROPIC_API_KEY',
  'GITHUB_TOKEN=<your-token>',
  'GITHUB_TOKEN=op://Private/GitHub/credential',
  'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
  'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'TELEGRAM_BOT_TOKEN=123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
  'DATABASE_URL=postgres://user:password@localhost:5432/app',
  'DATABASE_URL=postgres://app:${DB_PASSWORD}@db.internal.lan/app',
  'mongodb://localhost:27017/memory',
  'redis://localhost:6379/0',
  'https://user:pass@example.com/',
  '`Authorization: Bearer <token>`',
  'Authorization: Bearer ${API_TOKEN}',
  'Authorization: Bearer YOUR_TOKEN_HERE',
  'Send the Bearer token from the vault, never paste it here.',
  'password: required',
  'Password: ask Alice, it is in 1Password',
  'password: ••••••••',
  'token: ****************',
  'API_KEY=REDACTED',
  'api key: [redacted]',
  'max_tokens: 4096',
  'Token budget: 20000 per day',
  'tokenizer: o200k_base',
  'sessionKey = `agent:main:subagent:researcher`',
  'id INTEGER PRIMARY KEY AUTOINCREMENT',
  '**Key** components: memory, tools, heartbeat',
  'TAVILY_API_KEY=tvly-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  'FIRECRAWL_API_KEY=fc-YOUR_API_KEY',
  'SLACK_BOT_TOKEN=xoxb-your-bot-token',
  'NOTION_TOKEN=ntn_****************',
  'GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx',
  'NPM_TOKEN=npm_${NPM_TOKEN}',
  'The key is in `~/.config/openclaw/keys.json`.',
  'Commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed the token refresh.',
  'Request id 123e4567-e89b-12d3-a456-426614174000',
  'OPENAI_API_KEY=sk-proj-abc123',
  'chat_id: -1001234567890',
  '"apiKey": process.env.TAVILY_API_KEY',
  'secret: the one we agreed on',
  'ANTHROPIC_API_KEY=sk-ant-api03-…',
  'The API key lives in the environment as OPENAI_API_KEY, never in this file.',
];

/** The 0-based line the next pushed entry starts on (an entry may hold line breaks). */
const lineCount = (entries) => entries.join('\n').split('\n').length - (entries.length === 0 ? 1 : 0);

function build() {
  const expected = [];
  const files = {};
  const lines = { 'TOOLS.md': ['# TOOLS.md', '', 'Credentials the agent was given (FAKE, generated for tests).', ''], 'MEMORY.md': ['# MEMORY.md', '', '## Accounts', ''] };
  let toggle = 0;
  for (const [kind, makers] of Object.entries(generators)) {
    const forms = settings[kind];
    makers.forEach((make, index) => {
      const value = make();
      const form = forms[index % forms.length];
      const file = toggle++ % 2 === 0 ? 'TOOLS.md' : 'MEMORY.md';
      const line = lineCount(lines[file]);
      lines[file].push(form.replace('{}', value), '');
      // The part no output may ever show: a URL's password, else the whole value.
      const secret = /^[a-z+]+:\/\/[^:]+:([^@]+)@/.exec(value)?.[1] ?? value;
      expected.push({ file, kind, line, value, secret });
    });
  }
  lines['TOOLS.md'].push('## Placeholders and near misses', '');
  const nearMisses = NEAR_MISSES.map((text) => {
    const line = lineCount(lines['TOOLS.md']);
    lines['TOOLS.md'].push(text, '');
    return { file: 'TOOLS.md', line, text };
  });
  for (const [name, body] of Object.entries(lines)) files[name] = body.join('\n');
  return { files, expected, nearMisses };
}

const { files, expected, nearMisses } = build();
fs.mkdirSync(OUT, { recursive: true });
for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(OUT, name), text);
fs.writeFileSync(
  path.join(OUT, 'expected.json'),
  JSON.stringify({ note: 'Generated by scripts/secretsSample.mjs: every value is FAKE.', secrets: expected, nearMisses }, null, 2) + '\n',
);
console.log(`${expected.length} secrets of ${new Set(expected.map((e) => e.kind)).size} kinds, ${nearMisses.length} near misses`);
