import { Link } from 'react-router';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';
import { blogPage as page } from '../../content/company';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function BlogPage() {
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <Container className="py-12 sm:py-16">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {page.posts.map((post) => (
            <li key={post.id}>
              <article
                aria-labelledby={`post-${post.id}`}
                className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                  {post.category}
                </p>
                <h2 id={`post-${post.id}`} className="mt-2 text-lg font-semibold text-slate-900">
                  {post.title}
                </h2>
                <p className="mt-3 flex-1 text-sm text-slate-600">{post.excerpt}</p>
                <p className="mt-5 text-xs text-slate-500">
                  <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time> ·{' '}
                  {page.readTime(post.readingMinutes)}
                </p>
              </article>
            </li>
          ))}
        </ul>
        <p className="mt-12 text-center text-slate-700">
          {page.comingSoon}{' '}
          <Link
            to={page.docsLink.to}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {page.docsLink.label}
          </Link>
        </p>
      </Container>
    </>
  );
}
