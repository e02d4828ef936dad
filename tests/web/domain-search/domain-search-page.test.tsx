import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/lib/api';
import {
  DomainSearchPage,
  SEARCH_DEBOUNCE_MS,
} from '../../../web/src/features/domain-search/domain-search-page';
import { normaliseDomainName } from '../../../web/src/features/domain-search/normalise-domain-name';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('../../../web/src/lib/api', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  apiGet,
}));

const PRICES = { '.com': 99_900, '.net': 89_900, '.org': 109_900, '.in': 79_900, '.co.in': 49_900 };

function answer(label: string, taken: string[] = []) {
  return {
    results: Object.entries(PRICES).map(([extension, pricePerYearPaise]) => ({
      domain: `${label}${extension}`,
      extension,
      available: !taken.includes(extension),
      pricePerYearPaise,
    })),
  };
}

function renderPage(path = '/domains') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <DomainSearchPage />
    </MemoryRouter>,
  );
}

async function search(value: string) {
  fireEvent.change(screen.getByLabelText('Domain name'), { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  });
}

beforeEach(() => {
  apiGet.mockReset();
  apiGet.mockImplementation(async (path: string) => {
    const name = new URL(path, 'http://x').searchParams.get('name') ?? '';
    return answer(name, ['.net']);
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/domains search (D23)', () => {
  it('asks the API and lists the five extensions with their yearly prices; a taken one has no Register but Transfer', async () => {
    renderPage();
    await search('chaiwala');
    expect(apiGet).toHaveBeenCalledWith('/domains/availability?name=chaiwala');
    const results = within(
      await screen.findByRole('region', { name: 'Results for “chaiwala”' }),
    ).getAllByRole('listitem');
    expect(results).toHaveLength(5);
    const [com, net, org, inn, coin] = results as HTMLElement[];
    expect(com).toHaveTextContent('chaiwala.com');
    expect(com).toHaveTextContent('Available');
    expect(com).toHaveTextContent('₹999.00/yr');
    expect(net).toHaveTextContent('Taken');
    // Taken: no Register; a transfer in with its auth code instead (D23).
    expect(within(net!).queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
    expect(within(net!).getByRole('link', { name: 'Transfer chaiwala.net to us' })).toHaveAttribute(
      'href',
      '/checkout?plan=basicdomain&domain=chaiwala.net&transfer=1',
    );
    expect(org).toHaveTextContent('₹1,099.00/yr');
    expect(inn).toHaveTextContent('₹799.00/yr');
    expect(coin).toHaveTextContent('chaiwala.co.in');
    expect(coin).toHaveTextContent('₹499.00/yr');
  });

  it('sends Register to checkout with the plan and the full name', async () => {
    renderPage('/domains?plan=premiumdomain');
    await search('chaiwala');
    expect(await screen.findByRole('link', { name: 'Register chaiwala.co.in' })).toHaveAttribute(
      'href',
      '/checkout?plan=premiumdomain&domain=chaiwala.co.in',
    );
  });

  it('searches once typing pauses, only for the last name typed', async () => {
    vi.useFakeTimers();
    renderPage();
    const input = screen.getByLabelText('Domain name');
    fireEvent.change(input, { target: { value: 'cha' } });
    fireEvent.change(input, { target: { value: 'chai' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(apiGet).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(apiGet).toHaveBeenCalledWith('/domains/availability?name=chai');
  });

  it('shows that it is checking, and ignores an answer overtaken by a newer search', async () => {
    let release: (value: unknown) => void = () => {};
    apiGet.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    renderPage();
    await search('first');
    expect(screen.getByText('Checking “first” with the registry…')).toBeInTheDocument();
    await search('second');
    await act(async () => {
      release(answer('first'));
    });
    expect(
      await screen.findByRole('heading', { name: 'Results for “second”' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('first.com')).not.toBeInTheDocument();
  });

  it('says the check failed and offers to try again', async () => {
    apiGet.mockRejectedValueOnce(new ApiError('The domain registry did not answer.', 503, 'x'));
    renderPage();
    await search('chaiwala');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not check availability just now.');
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    expect(
      await screen.findByRole('heading', { name: 'Results for “chaiwala”' }),
    ).toBeInTheDocument();
  });

  it('normalises what was typed before searching', async () => {
    renderPage();
    await search('  https://www.My Shop.com/about ');
    expect(
      await screen.findByRole('heading', { name: 'Results for “myshop”' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Domain name')).toHaveValue('myshop');
  });

  it('explains an empty or invalid name and asks nothing', async () => {
    renderPage();
    await search('   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a domain name to search.');
    await search('shop_online!');
    expect(screen.getByRole('alert')).toHaveTextContent('letters, numbers and hyphens');
    expect(screen.getByLabelText('Domain name')).toHaveAttribute('aria-invalid', 'true');
    expect(apiGet).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
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
