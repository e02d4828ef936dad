import { NavLink, useLocation } from 'react-router';
import { Container } from '../../components/container';
import { CustomersScreen } from './components/customers-screen';
import { OrdersScreen } from './components/orders-screen';
import { ReportsScreen } from './components/reports-screen';
import { ProvisioningScreen } from './components/provisioning-screen';
import { StuckScreen } from './components/stuck-screen';
import { TicketsScreen } from './components/tickets-screen';
import { TodayScreen } from './components/today-screen';
import { adminCopy as copy } from './copy';

const SCREENS = {
  '/admin/today': TodayScreen,
  '/admin/orders': OrdersScreen,
  '/admin/provisioning': ProvisioningScreen,
  '/admin/stuck': StuckScreen,
  '/admin/customers': CustomersScreen,
  '/admin/tickets': TicketsScreen,
  '/admin/reports': ReportsScreen,
} as const;

/**
 * The operator's console (/admin/*): one page, a screen per path. Loaded only for operators (the
 * route's guard); every call it makes is checked for the operators group again by the API.
 */
export function AdminPage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');
  // /admin opens on Orders: the review queue is what a busy morning starts with.
  const Screen = path in SCREENS ? SCREENS[path as keyof typeof SCREENS] : OrdersScreen;
  return (
    <div className="bg-slate-50">
      <Container className="py-8 sm:py-12">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {copy.title}
        </h1>
        <p className="mt-1 text-slate-600">{copy.subtitle}</p>
        <nav aria-label={copy.navLabel} className="mt-6 flex flex-wrap gap-2">
          {copy.nav.map((item) => (
            <NavLink
              key={item.path}
              to={item.path}
              className={({ isActive }) =>
                `rounded-lg px-4 py-2 text-sm font-medium ${
                  isActive || (item.path === '/admin/orders' && path === '/admin')
                    ? 'bg-brand-600 text-white'
                    : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-8">
          <Screen />
        </div>
      </Container>
    </div>
  );
}
