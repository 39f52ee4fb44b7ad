// The core as Node uses it (the CLI and dist/core.js): the pure core plus reading and
// scaffolding persona folders on disk. A browser build imports './pure' instead.
export * from './pure';
export {
  composeSoul,
  linkLeadingOutside,
  nodeDirectoryReader,
  readBootstrapFiles,
  readConfigFile,
  readConfigFileSync,
  readFileBounded,
  readOpenClawSetupCompleted,
  readPersonaInput,
  scaffoldFiles,
  ScaffoldOutcome,
} from './nodeFs';
export { LoadedOpenClawConfig, loadOpenClawConfig, openclawEnv } from './openclawConfigNode';
export { readNewestReport, sessionStorePath, StoredReport } from './openclawSessionStore';
export {
  GitError,
  GitRepo,
  gitRepoOf,
  HistoryOptions,
  HISTORY_DAYS,
  HISTORY_MAX_COMMITS,
  InputAtRevision,
  readPersonaInputAt,
  readSizeHistory,
  renamesSince,
  resolveCommit,
  SizeHistory,
} from './gitHistory';
