import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { adminCopy as copy } from '../copy';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {copy.retry}
      </Button>
    </div>
  );
}
