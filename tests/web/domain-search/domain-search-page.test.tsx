import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DomainSearchPage } from '../../../web/src/features/domain-search/domain-search-page';
import { normaliseDomainName } from '../../../web/src/features/domain-search/normalise-domain-name';

function search(value: string) {
  render(
    <MemoryRouter>
      <DomainSearchPage />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Domain name'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('/domains demo search (D13)', () => {
  it('shows .com and .net available with their yearly prices and .org unavailable', () => {
    search('chaiwala');
    const results = within(
      screen.getByRole('region', { name: 'Results for “chaiwala”' }),
    ).getAllByRole('listitem');
    expect(results).toHaveLength(3);
    const [com, net, org] = results as [HTMLElement, HTMLElement, HTMLElement];
    expect(com).toHaveTextContent('chaiwala.com');
    expect(com).toHaveTextContent('Available');
    expect(com).toHaveTextContent('₹999.00/yr');
    expect(net).toHaveTextContent('chaiwala.net');
    expect(net).toHaveTextContent('₹899.00/yr');
    expect(org).toHaveTextContent('chaiwala.org');
    expect(org).toHaveTextContent('Unavailable');
    expect(within(org).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends Register to checkout with the basic domain plan and the full name', () => {
    search('chaiwala');
    expect(screen.getByRole('link', { name: 'Register chaiwala.com' })).toHaveAttribute(
      'href',
      '/checkout?plan=basicdomain&domain=chaiwala.com',
    );
    expect(screen.getByRole('link', { name: 'Register chaiwala.net' })).toHaveAttribute(
      'href',
      '/checkout?plan=basicdomain&domain=chaiwala.net',
    );
  });

  it('says it is a demo without a registry lookup', () => {
    search('x');
    expect(screen.getByText(/no registry lookup is made/)).toBeInTheDocument();
  });

  it('normalises what was typed before searching', () => {
    search('  https://www.My Shop.com/about ');
    expect(screen.getByRole('heading', { name: 'Results for “myshop”' })).toBeInTheDocument();
    expect(screen.getByLabelText('Domain name')).toHaveValue('myshop');
  });

  it('explains an empty or invalid name and shows no results', () => {
    search('   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a domain name to search.');
    expect(screen.queryByRole('heading', { name: /Results for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Domain name'), { target: { value: 'shop_online!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('letters, numbers and hyphens');
    expect(screen.getByLabelText('Domain name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('normaliseDomainName', () => {
  it.each([
    ['Example', 'example'],
    ['my-site-24', 'my-site-24'],
    ['http://blog.example.in', 'blog'],
    ['WWW.Acme.COM', 'acme'],
    ['tea house', 'teahouse'],
  ])('%s → %s', (input, name) => {
    expect(normaliseDomainName(input)).toEqual({ ok: true, name });
  });

  it.each([['-shop'], ['shop-'], ['shop_1'], ['a'.repeat(64)], ['नमस्ते']])('rejects %s', (input) => {
    expect(normaliseDomainName(input)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('calls an empty input empty', () => {
    expect(normaliseDomainName(' https:// ')).toEqual({ ok: false, reason: 'empty' });
  });
});
