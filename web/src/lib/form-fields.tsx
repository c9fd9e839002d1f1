/** Form pieces shared by sign-in and registration. */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, CircularProgress, IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DEFAULT_PASSWORD_POLICY } from '../../../core/password-policy.ts';
import { api, unwrap } from '../api/client.ts';
import { PASSWORD_POLICY_QUERY_KEY } from './query-keys.ts';

export function PasswordField(props: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Hide password' : 'Show password'}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The e-mail field a sign-in form opens on; `problem` ('' for none) stands below it once there is one to show. */
export function EmailField({ problem, ...props }: TextFieldProps & { problem: string }) {
  return (
    <TextField
      label="E-mail"
      type="email"
      autoComplete="email"
      autoFocus
      {...props}
      error={problem !== ''}
      helperText={problem || ' '}
    />
  );
}

/**
 * The form's submit button: disabled with a spinner while the request is under way. Large on a page of
 * its own (sign-in), medium inside a settings card.
 */
export function SubmitButton({
  pending,
  children,
  size = 'large',
}: {
  pending: boolean;
  children: ReactNode;
  size?: 'medium' | 'large';
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size={size}
      disabled={pending}
      startIcon={pending ? <CircularProgress size={size === 'large' ? 18 : 16} color="inherit" /> : null}
    >
      {children}
    </Button>
  );
}

/** The server's password policy (spec §7 "GET password policy"), the default until it arrives. */
export function usePasswordPolicy() {
  const { data } = useQuery({
    queryKey: PASSWORD_POLICY_QUERY_KEY,
    queryFn: () => unwrap(api['password-policy'].$get()),
    staleTime: Infinity,
  });
  return data ?? DEFAULT_PASSWORD_POLICY;
}

/** A field's error state and the text below it: the problem found, else the server's, else `hint`. */
export function fieldFeedback(problem: string | false | undefined, serverProblem: string | undefined, hint = ' ') {
  const message = problem || serverProblem;
  return { error: Boolean(message), helperText: message || hint };
}

/** Tracks which fields the user has left, so errors show as they type but not before. */
export function useTouched<K extends string>() {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  return {
    touched,
    touch: (field: K) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
    touchAll: (fields: readonly K[]) =>
      setTouched(Object.fromEntries(fields.map((field) => [field, true])) as Record<K, boolean>),
  };
}
