// The prompt after `openclaw doctor --fix`, in a bundle of its own (dist/doctor.js): required
// the first time a persona under OpenClaw 8.x+ still holds a file doctor moves.
export { composeAfterDoctor } from '../../core/runtimes/openclawAfterDoctor';
export { doctorDescription, doctorTooltip } from './treeLines';
