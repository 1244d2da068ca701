import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from './router';

describe('matchPath', () => {
  it('matches whole paths, with :params and a trailing *', () => {
    expect(matchPath('privacy', '/privacy')).toEqual({});
    expect(matchPath('/privacy', '/privacy/')).toEqual({});
    expect(matchPath('privacy', '/privacy/more')).toBeNull();
    expect(matchPath('app', '/app/lesson')).toBeNull();
    expect(matchPath('app/lesson/:id', '/app/lesson/es-u1-l2')).toEqual({ id: 'es-u1-l2' });
    expect(matchPath('app/lesson/:id', '/app/lesson/caf%C3%A9')).toEqual({ id: 'café' });
    expect(matchPath('app/lesson/:id', '/app/lesson/%E0%A4%A')).toBeNull();
    expect(matchPath('app/lesson/:id', '/app/lesson')).toBeNull();
    expect(matchPath('*', '/any/thing')).toEqual({ '*': 'any/thing' });
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/x')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
      {location.hash} {type}
    </p>
  );
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      count {count}
    </button>
  );
}

function Layout() {
  return (
    <div>
      <Counter />
      <Outlet />
    </div>
  );
}

function Lesson() {
  const { id } = useParams();
  const params = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <p>
        lesson {id} {params.get('from')}
      </p>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

function App() {
  return (
    <>
      <Routes>
        <Route index element={<Link to="/app/lesson/l1?from=home">open lesson</Link>} />
        <Route path="privacy" element={<p>privacy page</p>} />
        <Route element={<Layout />}>
          <Route path="app" element={<Link to="/app/lesson/l2">next</Link>} />
          <Route path="app/lesson/:id" element={<Lesson />} />
        </Route>
        <Route path="old" element={<Navigate to="/privacy" replace state={{ from: 'old' }} />} />
        <Route path="*" element={<p>fallback</p>} />
      </Routes>
      <Where />
    </>
  );
}

describe('Routes in a MemoryRouter', () => {
  it('renders the first match in order, unknown paths reaching "*"', () => {
    render(
      <MemoryRouter initialEntries={['/nowhere/at/all']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText('fallback')).toBeInTheDocument();
    expect(screen.queryByText('privacy page')).not.toBeInTheDocument();
  });

  it('keeps a layout (and its state) mounted while its child route changes, and goes back', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/app']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'count 0' }));
    await user.click(screen.getByRole('link', { name: 'next' }));
    expect(screen.getByText('lesson l2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/app/lesson/l2 PUSH');
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/app POP');
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();
  });

  it('redirects with <Navigate replace>, carrying state', () => {
    function State() {
      return <p data-testid="state">{JSON.stringify(useLocation().state)}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/old']}>
        <App />
        <State />
      </MemoryRouter>,
    );
    expect(screen.getByText('privacy page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/privacy REPLACE');
    expect(screen.getByTestId('state')).toHaveTextContent('{"from":"old"}');
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('follows plain link clicks with pushState, leaves modified clicks to the browser, and follows back', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'open lesson' });
    expect(link).toHaveAttribute('href', '/app/lesson/l1?from=home');

    // A click with Ctrl (new tab) is not intercepted.
    const modified = fireEvent.click(link, { ctrlKey: true });
    expect(modified).toBe(true);
    expect(window.location.pathname).toBe('/');

    await user.click(link);
    expect(window.location.pathname + window.location.search).toBe('/app/lesson/l1?from=home');
    expect(screen.getByText('lesson l1 home')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('PUSH');

    // The browser's back button: history moves, then popstate.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByRole('link', { name: 'open lesson' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/ POP');
  });

  it('gives the entry the app was opened on the key "default", and later entries their own', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/app');
    function Key() {
      return <p data-testid="key">{useLocation().key}</p>;
    }
    render(
      <BrowserRouter>
        <App />
        <Key />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('key')).toHaveTextContent('default');
    await user.click(screen.getByRole('link', { name: 'next' }));
    expect(screen.getByTestId('key')).not.toHaveTextContent('default');
  });
});
