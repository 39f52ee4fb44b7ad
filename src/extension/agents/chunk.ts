// The agents of an openclaw.json, resolved as OpenClaw resolves them, the config found where
// OpenClaw looks, and the agents' tree rows: a bundle of its own (dist/agents.js), required on
// the first config look, so activation does not carry it.
export { agentsFromConfig } from '../../core/runtimes/openclawAgents';
export { readUserConfig } from './userConfig';
export { watchConfigFiles } from './configWatch';
export { agentLines, outsideAgentItem, placeAgents } from './items';
