import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { captureTypedInput } from '../../../web/src/lib/keep-typed-input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A prerendered contact form whose fields React controls once hydrated. */
function ContactForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  return (
    <form>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <output data-testid="state">{`${name}|${email}`}</output>
    </form>
  );
}

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
});

/** The prerendered page, with what the visitor typed before the scripts arrived. */
function prerenderedWithTyping(typed: { name?: string; email?: string }): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(<ContactForm />);
  document.body.append(container);
  if (typed.name !== undefined) field('Name').value = typed.name;
  if (typed.email !== undefined) field('Email').value = typed.email;
  return container;
}

function field(label: string): HTMLInputElement {
  return container!.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
}

function reactState(): string {
  return container!.querySelector('[data-testid="state"]')!.textContent ?? '';
}

function hydrate(el: HTMLElement) {
  act(() => {
    root = hydrateRoot(el, <ContactForm />);
  });
}

describe('text typed into a prerendered form before hydration', () => {
  it("becomes React's state once the form is hydrated, so the next render keeps it", () => {
    const el = prerenderedWithTyping({ name: 'Meera Iyer', email: 'meera@example.in' });
    const restore = captureTypedInput(el);
    hydrate(el);
    expect(reactState()).toBe('|');

    act(() => restore());

    expect(reactState()).toBe('Meera Iyer|meera@example.in');
    expect(field('Email').value).toBe('meera@example.in');
  });

  it('is restored from what was typed when a render emptied the field before the replay', () => {
    const el = prerenderedWithTyping({ name: 'Meera Iyer', email: 'meera@example.in' });
    const restore = captureTypedInput(el);
    hydrate(el);
    // The visitor typed into another field while the page hydrated: React rendered the form
    // from its empty state, and the email field now shows nothing.
    field('Email').value = '';

    act(() => restore());

    expect(reactState()).toBe('Meera Iyer|meera@example.in');
  });

  it('leaves untouched fields empty', () => {
    const el = prerenderedWithTyping({ email: 'meera@example.in' });
    const restore = captureTypedInput(el);
    hydrate(el);

    act(() => restore());

    expect(reactState()).toBe('|meera@example.in');
    expect(field('Name').value).toBe('');
  });
});
