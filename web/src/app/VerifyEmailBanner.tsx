/**
 * Until the signed-in runner's e-mail is verified (and this server sends mail), a line above every
 * page asks them to follow the link, with "Send again" (rate-limited like sign-in on the server).
 */
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { Alert, Button } from '@mui/material';
import { EMAIL_LINK_MESSAGES } from '../../../core/email-links.ts';
import { useResendVerification } from '../lib/auth/email-links.ts';
import { useSession } from '../lib/auth/session.ts';
import { useServerConfig } from '../lib/server-config.ts';

export function VerifyEmailBanner() {
  const { data: user } = useSession();
  const { data: config } = useServerConfig();
  const resend = useResendVerification();
  if (!user || user.emailVerified !== false || config?.sendsMail !== true) {
    return null;
  }
  return (
    <Alert
      role="status"
      severity={resend.error ? 'error' : 'info'}
      variant="outlined"
      icon={<MarkEmailUnreadIcon fontSize="inherit" />}
      sx={{ mb: 2 }}
      action={
        resend.isSuccess ? undefined : (
          <Button color="inherit" size="small" disabled={resend.isPending} onClick={() => resend.mutate(user.email)}>
            Send again
          </Button>
        )
      }
    >
      {resend.error
        ? resend.error.message
        : resend.isSuccess
          ? EMAIL_LINK_MESSAGES.verificationSentTo(user.email)
          : EMAIL_LINK_MESSAGES.verifyBanner(user.email)}
    </Alert>
  );
}
