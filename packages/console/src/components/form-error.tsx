import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form's error that belongs to no field (shown above the fields). */
export const FormError = ({ message }: { message: string | undefined }) =>
  message ? (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  ) : null;
