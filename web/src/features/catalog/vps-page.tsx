import type { Plan } from '@domain/api';
import type { PlanSpecs } from '@domain/plan';
import { Container } from '../../components/container';
import { FaqList } from '../../components/faq-list';
import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { TestimonialGrid } from '../../components/testimonials';
import { vpsPage } from '../../content/catalog';
import { vpsFaqs } from '../../content/faqs';
import { testimonials } from '../../content/testimonials';
import { PlanGrid } from './components/plan-grid';

export function VpsPage() {
  return (
    <>
      <PageHeader eyebrow={vpsPage.eyebrow} title={vpsPage.title} lead={vpsPage.subtitle} />

      <section aria-label={vpsPage.title} className="py-14 sm:py-20">
        <Container>
          <PlanGrid category="vps" loadingText={vpsPage.loading} buttonLabel={vpsPage.button}>
            {(plans) => <SpecTable plans={plans} />}
          </PlanGrid>
        </Container>
      </section>

      <section aria-labelledby="vps-faq" className="py-16 sm:py-20">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="vps-faq" title={vpsPage.faqTitle} />
          <FaqList className="mt-10" idPrefix="vps-faq" items={vpsFaqs} indicator="chevron" />
        </div>
      </section>

      <TestimonialGrid title={vpsPage.testimonialsTitle} testimonials={testimonials.vps} />
    </>
  );
}

/** vCPU, RAM, SSD, transfer and IPv4 of each plan, from `plan.specs`. */
function SpecTable({ plans }: { plans: Plan[] }) {
  return (
    <div className="mx-auto mt-20 max-w-5xl">
      <SectionHeading level={2} title={vpsPage.specTitle} subtitle={vpsPage.specLead} />
      <div className="mt-10 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">{vpsPage.specTitle}</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              <th scope="col" className="px-5 py-4 font-semibold">
                Specification
              </th>
              {plans.map((plan) => (
                <th
                  key={plan.id}
                  scope="col"
                  className={`px-5 py-4 text-center font-semibold ${plan.isPopular ? 'bg-brand-50 text-brand-800' : ''}`}
                >
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {vpsPage.specRows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-5 py-3.5 font-medium text-slate-800">
                  {row.label}
                </th>
                {plans.map((plan) => {
                  const value = plan.specs?.[row.key as keyof PlanSpecs];
                  return (
                    <td
                      key={plan.id}
                      className={`px-5 py-3.5 text-center text-slate-700 ${plan.isPopular ? 'bg-brand-50/60' : ''}`}
                    >
                      {typeof value === 'number' ? row.unit(value) : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
