import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocumentationPage } from '../../../web/src/features/docs/documentation-page';

function renderDocs() {
  render(
    <MemoryRouter>
      <DocumentationPage />
    </MemoryRouter>,
  );
  return screen.getByRole('searchbox', { name: 'Search documentation' });
}

const topicNames = () =>
  within(screen.getByRole('navigation', { name: 'Topics' }))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('/documentation', () => {
  it('lists the five topics and shows the first one', () => {
    renderDocs();
    expect(topicNames()).toEqual([
      'Getting Started',
      'Domain Management',
      'Web Hosting',
      'VPS Hosting',
      'Cloud Storage',
    ]);
    expect(screen.getByRole('article', { name: 'Getting Started' })).toBeInTheDocument();
  });

  it('matches a topic title and shows the whole topic', () => {
    const search = renderDocs();
    fireEvent.change(search, { target: { value: 'storage' } });
    expect(topicNames()).toEqual(['Getting Started', 'VPS Hosting', 'Cloud Storage']);
    fireEvent.click(screen.getByRole('button', { name: 'Cloud Storage' }));
    const article = screen.getByRole('article', { name: 'Cloud Storage' });
    expect(within(article).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('matches a section title', () => {
    const search = renderDocs();
    fireEvent.change(search, { target: { value: 'Manage DNS records' } });
    expect(topicNames()).toEqual(['Domain Management']);
    const article = screen.getByRole('article', { name: 'Domain Management' });
    expect(
      within(article)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Manage DNS records']);
  });

  it('matches section text', () => {
    const search = renderDocs();
    fireEvent.change(search, { target: { value: 'public_html' } });
    expect(topicNames()).toEqual(['Web Hosting']);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Upload your website' }),
    ).toBeInTheDocument();
  });

  it('lets the reader pick another matching topic, and says when nothing matches', () => {
    const search = renderDocs();
    fireEvent.change(search, { target: { value: 'encrypted' } });
    expect(topicNames()).toEqual(['Cloud Storage']);
    fireEvent.change(search, { target: { value: 'ssh' } });
    expect(topicNames()).toEqual(['VPS Hosting']);
    fireEvent.change(search, { target: { value: 'back up' } });
    fireEvent.click(screen.getByRole('button', { name: 'VPS Hosting' }));
    expect(screen.getByRole('article', { name: 'VPS Hosting' })).toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'kubernetes' } });
    expect(topicNames()).toEqual([]);
    expect(screen.getByText(/No articles match “kubernetes”/)).toBeInTheDocument();
  });
});
