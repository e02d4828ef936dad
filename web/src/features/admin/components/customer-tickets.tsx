import { Link } from 'react-router';
import { getCustomerTickets } from '../api/tickets-api';
import { adminCopy, ticketsCopy as copy } from '../copy';
import { useLoad } from './use-load';

/** A customer's tickets on the customer page (D27), every status, newest first. */
export function CustomerTickets({ email }: { email: string }) {
  const { state } = useLoad(
    () => getCustomerTickets(email).then((answer) => answer.tickets),
    email,
    adminCopy.loadFailed,
  );
  return (
    <section className="mt-4">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {copy.customerTickets}
      </h4>
      {state.status === 'loading' ? (
        <p className="mt-1 text-slate-600">{adminCopy.loading}</p>
      ) : state.status === 'error' ? (
        <p className="mt-1 text-red-700">{state.message}</p>
      ) : state.data.length === 0 ? (
        <p className="mt-1 text-slate-600">{copy.noCustomerTickets}</p>
      ) : (
        <ul aria-label={copy.customerTickets} className="mt-1 space-y-1">
          {state.data.map((ticket) => (
            <li key={ticket.number} className={ticket.overdue ? 'text-red-700' : 'text-slate-700'}>
              <Link
                to={`/admin/tickets?ticket=${encodeURIComponent(ticket.number)}`}
                className="font-mono text-brand-700 hover:underline"
              >
                {ticket.number}
              </Link>{' '}
              · {ticket.subject} · {copy.statuses[ticket.status]}
              {ticket.overdue ? ` · ${copy.overdue}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
