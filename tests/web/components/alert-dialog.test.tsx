import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertProvider, useAlert } from '../../../web/src/components/alert-dialog';

function Trigger({ onDone }: { onDone: () => void }) {
  const showAlert = useAlert();
  return (
    <button
      type="button"
      onClick={() =>
        void showAlert('Payment successful! Your plan has been activated.', 'success').then(onDone)
      }
    >
      Pay
    </button>
  );
}

describe('the alert dialog', () => {
  it('shows the message as an alertdialog, focuses OK, and resolves when dismissed', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(
      <AlertProvider>
        <Trigger onDone={onDone} />
      </AlertProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Payment successful! Your plan has been activated.');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    expect(onDone).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(
      <AlertProvider>
        <Trigger onDone={() => {}} />
      </AlertProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
