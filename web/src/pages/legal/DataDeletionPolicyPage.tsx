/** /data-deletion-policy: how to delete a Stride account, what goes, what stays, and Strava on its own. */
import { List, ListItem, ListItemText } from '@mui/material';
import { DATA_EXPORT_POLICY_TEXT } from '../../../../core/data-export.ts';
import { Bullet, Bullets, ExternalLink, InternalLink, LegalPage, Paragraph, Section } from './LegalPage.tsx';

const DELETION_STEPS = [
  'Sign in and open Account Settings.',
  'Choose "Delete account".',
  'Type the e-mail address of your account exactly, to confirm that you mean it.',
  'Confirm. Your account and everything in it are deleted at once, and you are signed out.',
] as const;

export default function DataDeletionPolicyPage() {
  return (
    <LegalPage title="Data Deletion Policy" updated="26 November 2026">
      <Section heading="Summary">
        <Paragraph>
          You can delete your Stride account yourself, at any time, without asking anyone. Deleting it removes your
          account and every piece of data that belongs to it from this server&rsquo;s database immediately. It cannot be
          undone.
        </Paragraph>
      </Section>

      <Section heading="How to delete your account">
        <List component="ol" dense disablePadding sx={{ listStyleType: 'decimal', pl: 3, mb: 2 }}>
          {DELETION_STEPS.map((step) => (
            <ListItem key={step} disablePadding sx={{ display: 'list-item', py: 0.25 }}>
              <ListItemText primary={step} slotProps={{ primary: { variant: 'body1' } }} />
            </ListItem>
          ))}
        </List>
        <Paragraph>
          If you have a paid subscription, deleting the account first cancels it at Stripe, so that Stripe stops
          charging you; if Stripe cannot be reached, nothing is deleted and you can try again. If you can no longer sign
          in, reset your password from the sign-in page, or ask the operator of this server to delete the account for
          you.
        </Paragraph>
      </Section>

      <Section heading="What is deleted, and when">
        <Paragraph>
          Everything is deleted <strong>immediately</strong>, in a single database transaction: either all of it is
          removed or, if something goes wrong, nothing is and you can try again. There is no waiting period. This
          covers:
        </Paragraph>
        <Bullets>
          <Bullet term="Your account">
            Your name, e-mail address and password hash, and your two-factor key and backup codes if you turned it on.
          </Bullet>
          <Bullet term="Sessions">
            Every session on every device, with its IP address and user agent, so you are signed out everywhere at once.
          </Bullet>
          <Bullet term="Linked accounts">Your Google sign-in link and its tokens, if you used one.</Bullet>
          <Bullet term="Profile">
            Username, name, location, bio, photo URL, totals and all preferences. Your public profile page stops working
            straight away.
          </Bullet>
          <Bullet term="Activities and tracks">
            Every activity, whether uploaded or imported from Strava, with its GPS track, heart-rate and cadence data,
            splits and laps.
          </Bullet>
          <Bullet term="Uploaded files">The original GPX, TCX and FIT files you uploaded.</Bullet>
          <Bullet term="Goals and training plans">All goals, training plans and daily progress.</Bullet>
          <Bullet term="Wellbeing">All check-ins, wellbeing scores, exercise records and wellbeing preferences.</Bullet>
          <Bullet term="Medals">Every medal you earned.</Bullet>
          <Bullet term="Usage statistics">
            Your streak, session count, minutes spent planning, screenshots taken and medal counts.
          </Bullet>
          <Bullet term="Integration tokens">
            Your Strava connection and its encrypted tokens, so Stride can no longer contact Strava for you.
          </Bullet>
          <Bullet term="Subscription record">
            The subscription status and the Stripe customer identifier Stride kept for your account (a subscription
            Stripe would still renew is cancelled there first).
          </Bullet>
        </Bullets>
      </Section>

      <Section heading="What may remain">
        <Bullets>
          <Bullet term="Server backups">
            If the operator backs up the database, copies taken before you deleted your account can still contain your
            data until those backups are replaced or expire under the operator&rsquo;s backup schedule. They are meant
            for recovering the server after a failure, not for bringing back deleted accounts.
          </Bullet>
          <Bullet term="Database files">
            Deleted rows are gone from the database at once, and Stride then vacuums the tables they were in so that
            their space is reused. Until the database writes over that space, fragments of your deleted text can remain
            in its data files and in its write-ahead log (the journal it keeps to recover from a crash) on the
            server&rsquo;s disk. Only the account the server runs as can open that folder.
          </Bullet>
          <Bullet term="Strava">
            Strava keeps its own copy of your Strava activities; deleting your Stride account does not touch your Strava
            account. To remove Stride&rsquo;s access on Strava&rsquo;s side as well, revoke it at{' '}
            <ExternalLink href="https://www.strava.com/settings/apps">strava.com/settings/apps</ExternalLink>.
          </Bullet>
          <Bullet term="Stripe">
            If you ever paid for a subscription, Stripe keeps its records of your payments and invoices for as long as
            tax and financial law requires. Stride cannot delete those.
          </Bullet>
          <Bullet term="Server logs">
            Request logs record the method, path, status and duration of requests, and are kept for as long as the
            operator keeps logs. Error reports your browser sent are deleted with your account; the same reports also
            went to the server&rsquo;s log.
          </Bullet>
          <Bullet term="Your browsers">
            A browser you used Stride in keeps a copy of your activities, profile and medals for opening Stride offline.
            The browser you delete your account in removes it as soon as the account is gone; another browser or device
            where you were still signed in removes it the next time it opens Stride online, and in any case seven days
            after it was written.
          </Bullet>
          <Bullet term="Copies made by others">
            Anything that other people saved from your public profile while it was online, such as screenshots, is
            outside Stride&rsquo;s control.
          </Bullet>
        </Bullets>
        <Paragraph>
          Once your account is deleted, your username and e-mail address are free again, and someone else may register
          them.
        </Paragraph>
      </Section>

      <Section heading="Disconnecting Strava without deleting your account">
        <Paragraph>
          To stop Stride from using your Strava account while keeping everything else, open Account Settings and
          disconnect Strava. Stride marks the connection inactive and makes no further requests to Strava for you.
          Activities already imported from Strava stay in your account, visible only to you, until you delete them or
          your account. To withdraw Stride&rsquo;s access on Strava&rsquo;s side too, revoke it at{' '}
          <ExternalLink href="https://www.strava.com/settings/apps">strava.com/settings/apps</ExternalLink>. You can
          connect again at any time.
        </Paragraph>
      </Section>

      <Section heading="Deleting individual items">
        <Paragraph>
          You do not have to delete your whole account to remove something. Goals and training plans can be deleted one
          at a time, and you can change or clear your profile details whenever you like. Deleted items are removed
          straight away.
        </Paragraph>
      </Section>

      <Section heading="Taking your data with you">
        <Paragraph>{DATA_EXPORT_POLICY_TEXT}</Paragraph>
      </Section>

      <Section heading="Deletion cannot be undone">
        <Paragraph>
          Stride has no recycle bin and no way to bring back a deleted account or its data. If you want to keep your
          original activity files, download them before you delete your account. See the{' '}
          <InternalLink to="/privacy-policy">Privacy Policy</InternalLink> for what Stride stores and why.
        </Paragraph>
      </Section>

      <Section heading="Questions">
        <Paragraph>
          For questions about deleting your data, contact the operator of this server: the person or organisation that
          gave you access to Stride.
        </Paragraph>
      </Section>
    </LegalPage>
  );
}
