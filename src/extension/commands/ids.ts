// Command ids other surfaces name (the status bar, decorations): here, so naming one does not load its code.
export const CHOOSE_RUNTIME_COMMAND = 'personaStudio.chooseRuntime';
export const SELECT_DROPPED_COMMAND = 'personaStudio.selectDropped';
