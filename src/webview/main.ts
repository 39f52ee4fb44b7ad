// Not built yet: see the editor-experience issue.
export {};
