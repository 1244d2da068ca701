import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { HomeRoute } from './routes/home';

// The spec sends every unknown path to the landing page, so "*" renders home too.
export function createAppRouter() {
  return createBrowserRouter([
    { path: paths.home, element: <HomeRoute /> },
    { path: '*', element: <HomeRoute /> },
  ]);
}
