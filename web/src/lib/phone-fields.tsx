/** The phone sign-in's two fields, on the sign-in page and in Account Settings alike. */
import { TextField, type TextFieldProps } from '@mui/material';
import { PHONE_CODE_DIGITS, PHONE_SIGN_IN_TEXTS } from '../../../core/phone-sign-in.ts';

/** The phone number; `problem` ('' for none) stands below it in place of the format help. */
export function PhoneNumberField({ problem, ...props }: TextFieldProps & { problem: string }) {
  return (
    <TextField
      label={PHONE_SIGN_IN_TEXTS.number}
      type="tel"
      autoComplete="tel"
      {...props}
      error={problem !== ''}
      helperText={problem || PHONE_SIGN_IN_TEXTS.numberHelp}
    />
  );
}

/** The texted code: digits, no more of them than a code has. */
export function PhoneCodeField(props: TextFieldProps) {
  return (
    <TextField
      label={PHONE_SIGN_IN_TEXTS.code}
      inputMode="numeric"
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { maxLength: PHONE_CODE_DIGITS } }}
      {...props}
    />
  );
}
