// `npm start`: build what is out of date, then run the server in this process (so signals
// reach it directly and it can shut down cleanly).
const root = new URL('..', import.meta.url);
await import(new URL('scripts/build.mjs', root).href);
await import(new URL('apps/server/dist/main.js', root).href);
