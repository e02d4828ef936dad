import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactRequestBody } from '@domain/api';
import { ContactPage } from '../../../web/src/features/contact/contact-page';
import { startApiServer } from '../catalog/test-server';

const server = startApiServer();
let received: ContactRequestBody[] = [];

beforeEach(() => {
  received = [];
  server.use(
    http.post('*/api/contact', async ({ request }) => {
      received.push((await request.json()) as ContactRequestBody);
      return HttpResponse.json({ ok: true }, { status: 202 });
    }),
  );
  // Only the page's own timers are faked; the API round trip still runs on real promises.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderPage() {
  render(
    <MemoryRouter>
      <ContactPage />
    </MemoryRouter>,
  );
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    message: screen.getByLabelText('Message'),
    submit: screen.getByRole('button', { name: 'Send Message' }),
  };
}

function fill(form: ReturnType<typeof renderPage>, values: ContactRequestBody) {
  fireEvent.change(form.name, { target: { value: values.name } });
  fireEvent.change(form.email, { target: { value: values.email } });
  fireEvent.change(form.message, { target: { value: values.message } });
}

const filled: ContactRequestBody = {
  name: 'Asha Verma',
  email: 'asha@example.in',
  message: 'Can I move my shop from another host?',
};

/**
 * Lets the network round trip (real promises, MSW, setImmediate) finish while fake time stands
 * still: vi.waitFor would advance the fake clock, which is what the test measures.
 */
async function settle() {
  await act(async () => {
    const started = Date.now();
    while (received.length === 0 && Date.now() - started < 10_000) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
  });
  expect(received.length).toBeGreaterThan(0);
}

describe('/contact', () => {
  it("shows 'Sending...' for at least 1.5 s, then the thank-you, clears the form and hides the message after 5 s", async () => {
    const form = renderPage();
    fill(form, filled);
    fireEvent.click(form.submit);

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await settle();
    expect(received).toEqual([filled]);

    // The API has answered, but the button keeps saying Sending... until 1.5 s have passed.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1400);
    });
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    expect(screen.queryByText('Thank you! Your message has been sent.')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(form.name).toHaveValue('');
    expect(form.email).toHaveValue('');
    expect(form.message).toHaveValue('');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(screen.getByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByText('Thank you! Your message has been sent.')).not.toBeInTheDocument();
  });

  it("keeps 'Sending...' for as long as the request runs, even past 1.5 s", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post('*/api/contact', async ({ request }) => {
        received.push((await request.json()) as ContactRequestBody);
        await answered;
        return HttpResponse.json({ ok: true }, { status: 202 });
      }),
    );
    const form = renderPage();
    fill(form, filled);
    fireEvent.click(form.submit);
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();

    answer();
    const started = Date.now();
    while (
      !screen.queryByText('Thank you! Your message has been sent.') &&
      Date.now() - started < 5000
    ) {
      await act(async () => {
        await new Promise((resolve) => setImmediate(resolve));
      });
    }
    expect(screen.getByText('Thank you! Your message has been sent.')).toBeInTheDocument();
  });

  it('says so when sending fails and keeps what was typed', async () => {
    server.use(
      http.post('*/api/contact', async ({ request }) => {
        received.push((await request.json()) as ContactRequestBody);
        return HttpResponse.json(
          { error: { code: 'internal', message: 'Try later' } },
          { status: 500 },
        );
      }),
    );
    const form = renderPage();
    fill(form, filled);
    fireEvent.click(form.submit);
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });

    expect(screen.getByRole('alert')).toHaveTextContent('could not be sent');
    expect(screen.queryByText('Thank you! Your message has been sent.')).not.toBeInTheDocument();
    expect(form.name).toHaveValue(filled.name);
    expect(form.email).toHaveValue(filled.email);
    expect(form.message).toHaveValue(filled.message);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("shows the API's reason when it refuses the message, and keeps the text", async () => {
    server.use(
      http.post('*/api/contact', async ({ request }) => {
        received.push((await request.json()) as ContactRequestBody);
        return HttpResponse.json(
          { error: { code: 'validation_failed', message: 'The message is too long.' } },
          { status: 400 },
        );
      }),
    );
    const form = renderPage();
    fill(form, filled);
    fireEvent.click(form.submit);
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your message could not be sent. The message is too long.',
    );
    expect(form.message).toHaveValue(filled.message);
  });

  it('requires every field and a real email address, and sends nothing until they are right', async () => {
    const form = renderPage();
    fireEvent.click(form.submit);
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a message.')).toBeInTheDocument();
    expect(form.name).toHaveAttribute('aria-invalid', 'true');
    expect(form.name).toHaveFocus();

    fill(form, { ...filled, email: 'asha@example' });
    fireEvent.click(form.submit);
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(received).toEqual([]);
  });

  it('shows the support address', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'support@hostingstorefront.in' })).toHaveAttribute(
      'href',
      'mailto:support@hostingstorefront.in',
    );
  });
});
