// Hermes in the editor beyond its profile: the Errors of its scanner and their quick fixes, in a
// bundle of its own (dist/hermesEditor.js), required on the first file Hermes would block.
export { scannerDiagnostics } from './scannerFixes';
