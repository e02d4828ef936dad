import type { Testimonial } from '../content/types';

/** The person's own initials for their badge ("Meera Iyer" → "MI"): first and last name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <svg
        viewBox="0 0 32 24"
        className="h-6 w-8 text-brand-200"
        fill="currentColor"
        aria-hidden="true"
      >
        <path d="M0 24V14C0 6 4 1.5 12 0l1.5 3.5C9 5 7 8 7 12h6v12H0Zm19 0V14c0-8 4-12.5 12-14l1 3.5C27.5 5 26 8 26 12h6v12H19Z" />
      </svg>
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
        >
          {initialsOf(testimonial.name)}
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          <span className="block text-sm text-slate-600">{testimonial.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}

export interface TestimonialGridProps {
  title: string;
  testimonials: readonly Testimonial[];
}

export function TestimonialGrid({ title, testimonials }: TestimonialGridProps) {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2
          id="testimonials-heading"
          className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        >
          {title}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <TestimonialCard key={t.id} testimonial={t} />
          ))}
        </div>
      </div>
    </section>
  );
}
