import { webPages } from '@switchboard/contract';
import { Navigate, useLocation } from 'react-router';

/** `/` leads into the app, keeping the query (e.g. `mobileApp=true` from the native shells). */
export function RedirectToApp() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: webPages.app, search, hash }} replace />;
}
