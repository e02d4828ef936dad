/**
 * A prerendered page shows its forms before its scripts arrive; on a slow phone a visitor may type
 * into them for seconds. Hydration keeps the typed text on the screen, but React's state for the
 * field starts empty, so its next render would wipe the text. So: note which fields were typed in
 * just before hydrating, and once React has taken each of them over, replay their text as typing,
 * so that React's state takes it up.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

const TEXT_LIKE = (el: Field) =>
  el instanceof HTMLTextAreaElement || !['checkbox', 'radio', 'hidden', 'file'].includes(el.type);

/** Hydration of a lazily loaded page may finish after the root's; give up after about 10 s. */
const MAX_FRAMES = 600;

/** Whether React has hydrated the element (it then carries React's props). */
const ownedByReact = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactProps'));

function replayAsTyping(el: Field, text: string): void {
  // React notices a change only against the value it last saw assigned through the element: show
  // it the empty value, then the text through the native setter, then the input event typing fires.
  el.value = '';
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
  setValue?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function captureTypedInput(root: HTMLElement): () => void {
  let pending = [...root.querySelectorAll<Field>('input, textarea')]
    .filter((el) => TEXT_LIKE(el) && el.value !== el.defaultValue)
    .map((el) => ({ el, typed: el.value }));

  return function restoreTypedInput() {
    let frames = 0;
    const attempt = () => {
      pending = pending.filter(({ el }) => el.isConnected);
      const ready = pending.filter(({ el }) => ownedByReact(el));
      // Read every text first: each replay re-renders the form, which resets the fields whose
      // state is still empty. A field a render already reset (the visitor typed into another one
      // while the page hydrated) gets back what was typed in it before.
      const texts = ready.map(({ el, typed }) => el.value || typed);
      ready.forEach(({ el }, i) => replayAsTyping(el, texts[i]!));
      pending = pending.filter((field) => !ready.includes(field));
      frames += 1;
      if (pending.length > 0 && frames < MAX_FRAMES) requestAnimationFrame(attempt);
    };
    attempt();
  };
}
