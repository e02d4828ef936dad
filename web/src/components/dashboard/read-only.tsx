import { createContext, useContext } from 'react';

/**
 * "View as customer" (issue #27): the dashboard's parts shown to an operator in the console,
 * read-only. The console renders them inside an `inert` region (nothing can be pressed or
 * focused, so no action, login link, auth code or key is ever asked for) and under this context,
 * so the parts that would read the buyer's own routes on their own (the domain's registry
 * settings, the VPS's power state) do not: those routes answer the signed-in buyer only.
 */
export const ReadOnlyDashboard = createContext(false);

export const useReadOnlyDashboard = (): boolean => useContext(ReadOnlyDashboard);
