/** The entry: the app loads as its own chunk, so the page shell's first script stays small. */
void import('./app/start.tsx');
