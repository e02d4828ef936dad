import { AlertProvider } from '../components/alert-dialog';
import { AuthProvider } from './auth';
import { Layout } from './layout';
import { AppRoutes } from './routes';

/** The whole app inside a router (BrowserRouter in the browser, StaticRouter when prerendering). */
export function App() {
  return (
    <AuthProvider>
      <AlertProvider>
        <Layout>
          <AppRoutes />
        </Layout>
      </AlertProvider>
    </AuthProvider>
  );
}
