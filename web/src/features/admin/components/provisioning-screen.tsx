import { adminCopy } from '../copy';

const copy = adminCopy.provisioning;

/** Services waiting for a person: built on the provisioning state once the store keeps it. */
export function ProvisioningScreen() {
  return (
    <section aria-labelledby="admin-provisioning-title">
      <h2 id="admin-provisioning-title" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-4 max-w-3xl rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        {copy.notYet}
      </p>
    </section>
  );
}
