// A controllable window.matchMedia for jsdom (which has none): tests say which media queries
// match and can flip one to check live updates.
type Listener = (event: MediaQueryListEvent) => void;

const matching = new Set<string>();
const listeners = new Map<string, Set<Listener>>();

export function resetMatchMedia(queries: string[] = []) {
  matching.clear();
  listeners.clear();
  for (const query of queries) matching.add(query);
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matching.has(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => {
        if (!listeners.has(query)) listeners.set(query, new Set());
        listeners.get(query)?.add(listener);
      },
      removeEventListener: (_type: string, listener: Listener) => listeners.get(query)?.delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
}

export function setMediaQuery(query: string, matches: boolean) {
  if (matches) matching.add(query);
  else matching.delete(query);
  for (const listener of listeners.get(query) ?? []) listener({ matches, media: query } as MediaQueryListEvent);
}
