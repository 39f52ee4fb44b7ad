// The agents of an openclaw.json, resolved as OpenClaw resolves them: a bundle of its own
// (dist/agents.js), required on the first config read, so activation does not carry it.
export { agentsFromConfig } from '../../core/runtimes/openclawAgents';
