import { LoginPage } from '../../auth/components/LoginPage';

/** '/' is the login (or the redirect when logged in), shown inside the public shell. */
export default function HomeOrLogin() {
  return <LoginPage />;
}
