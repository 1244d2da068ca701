import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * The web app's router: real URLs with the History API, nested layout routes and the handful of
 * hooks the app uses, with react-router's names and meanings. It replaced react-router, whose
 * ~15 KB gzip did not fit the landing's first-load budget (docs/decisions/007-own-router-and-string-groups.md).
 */

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry carried (`navigate(to, { state })`). */
  state: unknown;
  /** Unique per history entry; "default" for the entry the app was opened on. */
  key: string;
}

interface Snapshot {
  location: Location;
  type: NavigationType;
}

interface RouterHistory {
  snapshot(): Snapshot;
  subscribe(listener: () => void): () => void;
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

function parsePath(to: string, from: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://parla.invalid${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const hrefOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => location.pathname + location.search + location.hash;

function createStore(initial: Snapshot) {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    set(next: Snapshot) {
      snapshot = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function createBrowserHistory(): RouterHistory {
  const read = (type: NavigationType): Snapshot => {
    const entry = window.history.state as { key?: string; usr?: unknown } | null;
    const { pathname, search, hash } = window.location;
    return { type, location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' } };
  };
  const store = createStore(read('POP'));
  window.addEventListener('popstate', () => store.set(read('POP')));
  return {
    snapshot: store.get,
    subscribe: store.subscribe,
    push(to, state) {
      window.history.pushState({ key: createKey(), usr: state }, '', to);
      store.set(read('PUSH'));
    },
    replace(to, state) {
      window.history.replaceState({ key: createKey(), usr: state }, '', to);
      store.set(read('REPLACE'));
    },
    go: (delta) => window.history.go(delta),
  };
}

function createMemoryHistory(initialEntries: readonly string[]): RouterHistory {
  const entries: Location[] = (initialEntries.length > 0 ? initialEntries : ['/']).map((to, index) => ({
    ...parsePath(to, '/'),
    state: null,
    key: index === 0 ? 'default' : createKey(),
  }));
  let index = entries.length - 1;
  const store = createStore({ type: 'POP', location: entries[index] as Location });
  const current = () => entries[index] as Location;
  return {
    snapshot: store.get,
    subscribe: store.subscribe,
    push(to, state) {
      entries.splice(index + 1, entries.length, { ...parsePath(to, current().pathname), state, key: createKey() });
      index += 1;
      store.set({ type: 'PUSH', location: current() });
    },
    replace(to, state) {
      entries[index] = { ...parsePath(to, current().pathname), state, key: createKey() };
      store.set({ type: 'REPLACE', location: current() });
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      store.set({ type: 'POP', location: current() });
    },
  };
}

interface RouterContextValue {
  location: Location;
  navigationType: NavigationType;
  history: RouterHistory;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

function useRouter(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Router hooks and components must be used within a BrowserRouter or MemoryRouter');
  return value;
}

function Router({ history, children }: { history: RouterHistory; children: ReactNode }) {
  const snapshot = useSyncExternalStore(history.subscribe, history.snapshot, history.snapshot);
  const value = useMemo(() => ({ location: snapshot.location, navigationType: snapshot.type, history }), [snapshot, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The address bar's router. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router with its own in-memory history (tests), starting at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: readonly string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export interface RouteProps {
  /** Relative to the root ("app/lesson/:id", "*"); a route without path or index is a layout. */
  path?: string;
  index?: boolean;
  /** A layout's element renders its matched child where it puts an <Outlet />. */
  element?: ReactNode;
  children?: ReactNode;
}

/** Configuration only: <Routes> reads the props of its <Route> children. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

/** Params of `pattern` when it matches the whole of `pathname`; `*` matches the rest. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const patternSegments = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [position, part] of patternSegments.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(position).join('/');
      return params;
    }
    const segment = segments[position];
    if (segment === undefined) return null;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return null; // a malformed %-escape matches nothing
      }
    } else if (part !== segment) return null;
  }
  return segments.length === patternSegments.length ? params : null;
}

interface RouteMatch {
  /** Elements from the outermost layout to the matched route. */
  chain: ReactNode[];
  params: Record<string, string>;
}

/** The first route, in order, that matches — depth first through layouts. */
function matchRoutes(children: ReactNode, pathname: string): RouteMatch | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child) || child.type !== Route) continue;
    const { path, index, element, children: nested } = child.props;
    if (path === undefined && !index) {
      const found = matchRoutes(nested, pathname);
      if (found) return { chain: [element ?? <Outlet />, ...found.chain], params: found.params };
      continue;
    }
    const params = matchPath(index ? '/' : (path ?? ''), pathname);
    if (params) return { chain: [element], params };
  }
  return null;
}

export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const match = useMemo(() => matchRoutes(children, location.pathname), [children, location.pathname]);
  if (!match) return null;
  const tree = match.chain.reduceRight<ReactNode>(
    (outlet, element) => <OutletContext.Provider value={outlet}>{element}</OutletContext.Provider>,
    null,
  );
  return <ParamsContext.Provider value={match.params}>{tree}</ParamsContext.Provider>;
}

/** Where a layout renders its matched child route. */
export function Outlet() {
  return useContext(OutletContext);
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** A stable function (safe in effect dependencies) that navigates to a path or goes back/forward. */
export function useNavigate() {
  const { history } = useRouter();
  return useCallback(
    (to: string | number, { replace, state = null }: NavigateOptions = {}) => {
      if (typeof to === 'number') return history.go(to);
      const current = history.snapshot().location;
      // Like a browser, going to the page already shown replaces it rather than stacking a copy.
      if (replace ?? hrefOf(parsePath(to, current.pathname)) === hrefOf(current)) history.replace(to, state);
      else history.push(to, state);
    },
    [history],
  );
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: string;
}

/** An ordinary link (open in a new tab works), navigating in the app on a plain click. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}
