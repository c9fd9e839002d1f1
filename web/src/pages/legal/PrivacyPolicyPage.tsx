/** /privacy-policy: what this Stride server keeps about you, who else sees any of it, and your rights. */
import { ERROR_REPORT_RETENTION_DAYS } from '../../../../core/error-reports.ts';
import {
  Bullet,
  Bullets,
  ExternalLink,
  InternalLink,
  LegalPage,
  Paragraph,
  Section,
  SubHeading,
} from './LegalPage.tsx';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="22 November 2026">
      <Section heading="Who is responsible for your data">
        <Paragraph>
          Stride is self-hosted software. This copy of Stride is run by its <strong>operator</strong>: the person, club
          or company that runs the server you are using. The operator decides who may use it, where it runs and which
          optional services it connects to, and is responsible for your data under the law that applies to them. When
          this policy says &ldquo;we&rdquo;, it means the operator.
        </Paragraph>
        <Paragraph>
          The people who write the Stride software do not run this server and receive nothing from it. Stride has no
          telemetry: it does not report usage, errors or any of your data to its authors or to anyone else. Your data
          stays in the operator&rsquo;s database unless you or the operator turn on one of the services listed under
          &ldquo;Services outside this server&rdquo; below.
        </Paragraph>
      </Section>

      <Section heading="What Stride stores">
        <SubHeading>Your account</SubHeading>
        <Bullets>
          <Bullet term="Identity">Your name and e-mail address.</Bullet>
          <Bullet term="Password">
            Only a salted hash of your password (scrypt). Your password itself is never stored or logged, and nobody,
            including the operator, can read it back.
          </Bullet>
          <Bullet term="Sessions">
            One record per device you are signed in on: a random session token, when it expires, and the IP address and
            browser user agent it was created from. These are kept for security, so that unusual sign-ins can be spotted
            and every session can be ended. A session lasts seven days and is extended while you use it.
          </Bullet>
          <Bullet term="Linked accounts">
            If you sign in with Google or link it in Account, the Google account identifier and the tokens Google issues
            for it. Unlinking Google in Account deletes them.
          </Bullet>
          <Bullet term="E-mail links">
            When you ask for a password reset or a sign-in link, a single-use code that expires within an hour (15
            minutes for a sign-in link), and whether you have verified your e-mail address.
          </Bullet>
          <Bullet term="Two-factor sign-in">
            If you turn it on: the key your authenticator app shares with Stride and your unused backup codes, both
            encrypted; and, for each browser you tell to trust for 30 days, a random identifier that expires then.
          </Bullet>
        </Bullets>

        <SubHeading>Your profile and preferences</SubHeading>
        <Bullets>
          <Bullet term="Profile">Username, first and last name, location, bio and photo URL.</Bullet>
          <Bullet term="Preferences">
            Units (imperial or metric), dark mode, whether you want notification e-mails and a weekly report, and your
            wellbeing preferences.
          </Bullet>
          <Bullet term="Totals">Your total number of activities, distance, climb and time.</Bullet>
        </Bullets>

        <SubHeading>Your training</SubHeading>
        <Bullets>
          <Bullet term="Activities">
            For every run, ride or walk you import: its name, type, start time, distance, moving and elapsed time,
            climb, speeds, heart rate, cadence, calories, splits and laps, and the GPS track (positions, elevation,
            time, heart rate and cadence for each point).
          </Bullet>
          <Bullet term="Uploaded files">
            The original GPX, TCX or FIT file exactly as you uploaded it, with its name, size and type, so that you can
            download it again.
          </Bullet>
          <Bullet term="Goals and training plans">
            Your goals, their order and progress, your training plans and which daily tasks you completed.
          </Bullet>
          <Bullet term="Wellbeing check-ins">
            Your answers (such as sleep quality, energy, stress, soreness, mood and how an injury feels), the wellbeing
            score calculated from them, the date, and which breathing and stretching exercises you did.
          </Bullet>
          <Bullet term="Medals">
            Which medals you earned, when, for which activity, and whether you have seen them.
          </Bullet>
        </Bullets>
        <Paragraph>
          Heart rate and wellbeing answers are information about your health. Stride uses them only to show you your own
          charts, coaching and medals.
        </Paragraph>

        <SubHeading>Strava</SubHeading>
        <Paragraph>
          If you connect Strava: your Strava athlete ID and name, the access and refresh tokens Strava issues (kept
          encrypted with the server&rsquo;s secret key, never in plain text), when you connected or disconnected, and
          the activities imported from Strava.
        </Paragraph>

        <SubHeading>Subscription</SubHeading>
        <Paragraph>
          If you subscribe: your Stripe customer and subscription identifiers, the subscription&rsquo;s status, the end
          of the current billing period and when Stride last heard of a change. Stride never sees or stores your card
          number.
        </Paragraph>

        <SubHeading>Usage statistics</SubHeading>
        <Paragraph>
          To show your streak and similar numbers, Stride records on this same server: your current and longest streak
          and the day you were last active, how many sessions you have had, the minutes you spent in the route planner,
          how many screenshots you took, and how many medals you earned. These statistics never leave the server. Stride
          contains no third-party analytics, advertising or tracking code.
        </Paragraph>

        <SubHeading>Page views</SubHeading>
        <Paragraph>
          While you are signed in, the app counts the screens you open, so My Stride can show your most visited ones.
          For each screen Stride stores only its name and how many times you opened it, such as &ldquo;Activity: 12
          views&rdquo;: never which activity or profile you looked at, when, from where, or the page&rsquo;s query. The
          counts are kept on this same server, are deleted with your account, and nothing of them leaves the server.
        </Paragraph>

        <SubHeading>Server logs</SubHeading>
        <Paragraph>
          The server writes one log line per request with its method, path, status and duration, and records errors so
          the operator can fix them. The operator decides how long logs are kept.
        </Paragraph>

        <SubHeading>Error reports</SubHeading>
        <Paragraph>
          When something goes wrong in the app in your browser, it sends a report to this same server: the kind of
          error, its message and where in the code it happened, the page&rsquo;s path (never its query), what you were
          doing if an action failed, the time, your browser&rsquo;s user-agent text, and your account when you are
          signed in. Reports are kept for {ERROR_REPORT_RETENTION_DAYS} days, are deleted with your account, and are
          read only by the operator. They are never sent to a third party.
        </Paragraph>
      </Section>

      <Section heading="Why Stride uses your data">
        <Paragraph>
          Only to provide the service you asked for: to sign you in and keep your account secure, to import, store and
          show your activities, to calculate your statistics, goals, streaks and medals, to manage your subscription,
          and to publish the public profile you choose to have. Your data is not sold, rented, used for advertising or
          used to build profiles of you for anyone else.
        </Paragraph>
      </Section>

      <Section heading="Services outside this server">
        <Paragraph>
          Stride contacts another service only when the operator has configured it and, where it concerns your own data,
          when you use the feature. Each of these services handles data under its own privacy policy.
        </Paragraph>
        <Bullets>
          <Bullet term="Strava">
            Only after you press &ldquo;Connect&rdquo; and approve access on Strava. Stride asks for the scopes{' '}
            <code>read</code>, <code>activity:read_all</code> (your activities, including ones marked private) and{' '}
            <code>profile:read_all</code>, and uses them only to import your activities and athlete name.
          </Bullet>
          <Bullet term="Stripe">
            Only when you subscribe or manage your subscription. Stride gives Stripe your name, e-mail address and
            account identifier to create your customer record. You enter your card details on Stripe&rsquo;s own payment
            page; they go to Stripe and are never sent to or stored by Stride. Stripe tells the server whether your
            subscription is active.
          </Bullet>
          <Bullet term="Google">
            Only if the operator has set up Google sign-in (otherwise Stride offers no Google button) and you choose
            &ldquo;Continue with Google&rdquo; or link Google in Account. Google confirms who you are and shares your
            name, e-mail address, whether Google has verified that address, and profile photo. Stride creates an account
            only for an address Google has verified, and never joins Google to an existing account on its own: you link
            it yourself after signing in.
          </Bullet>
          <Bullet term="Map tiles">
            Maps are drawn from image tiles that your browser loads from the map tile server the operator chose. That
            server sees your IP address and which map areas you look at.
          </Bullet>
          <Bullet term="Weather">
            If the operator enables weather, the server sends the location and time of an activity to the weather
            provider to look up the conditions. Nothing else about you is sent.
          </Bullet>
          <Bullet term="E-mail">
            Password-reset, sign-in-link, verification and other account e-mails are sent through the operator&rsquo;s
            mail server, which receives your e-mail address and the message.
          </Bullet>
        </Bullets>
      </Section>

      <Section heading="What is public">
        <Paragraph>
          Only your public profile, at <code>/your-username</code>, can be seen without signing in. It shows your
          username, name, location, bio and photo, and the uploaded activities you choose to share. Nothing else is
          public: not your e-mail address, wellbeing check-ins, goals, plans or statistics.
        </Paragraph>
        <Paragraph>
          Activities imported from Strava are shown only to you. They never appear on your public profile or in anything
          you share, as Strava&rsquo;s API agreement requires.
        </Paragraph>
      </Section>

      <Section heading="Cookies">
        <Paragraph>
          Stride sets only the cookie needed to keep you signed in: a session cookie. It is HttpOnly (scripts on the
          page cannot read it), limited to this site, and marked Secure when the server is reached over HTTPS. It is
          removed when you sign out or your session ends. With two-factor sign-in on, two more cookies of the same kind
          exist: one for at most ten minutes between your password and your code, and, if you ask Stride to trust the
          browser, one that skips the code there for 30 days. Stride uses no advertising, analytics or tracking cookies,
          so there is nothing to opt out of.
        </Paragraph>
      </Section>

      <Section heading="On your device">
        <Paragraph>
          So that Stride opens without a connection, your browser keeps the app itself (its pages, scripts and icons)
          and a copy of what you last saw of your activities, profile and medals, with your name and e-mail address to
          say whose they are. The copy lives in your browser&rsquo;s storage (IndexedDB) on this device only and is
          never sent anywhere. It is replaced as you use Stride, removed when you sign out or sign in as someone else,
          and dropped after seven days or when the server runs a newer version of Stride. On a shared device, sign out
          when you are done.
        </Paragraph>
      </Section>

      <Section heading="How your data is protected">
        <Bullets>
          <Bullet>Passwords are stored only as salted scrypt hashes.</Bullet>
          <Bullet>Sign-in and sign-up are rate-limited to slow down password guessing.</Bullet>
          <Bullet>Strava tokens are encrypted at rest with the server&rsquo;s secret key.</Bullet>
          <Bullet>
            Every request for data is limited to the signed-in user&rsquo;s own records; another person&rsquo;s data is
            answered with &ldquo;not found&rdquo;.
          </Bullet>
          <Bullet>Session cookies cannot be read by scripts on the page.</Bullet>
        </Bullets>
        <Paragraph>
          The operator is responsible for the server itself: serving it over HTTPS, keeping it up to date, and
          protecting its database and backups.
        </Paragraph>
      </Section>

      <Section heading="How long data is kept">
        <Paragraph>
          Your data is kept while your account exists. You can delete it at any time, and deleting your account removes
          it immediately, as described in the{' '}
          <InternalLink to="/data-deletion-policy">Data Deletion Policy</InternalLink>. Sessions expire after seven days
          without use, and password-reset and sign-in-link codes once used or expired.
        </Paragraph>
      </Section>

      <Section heading="Your rights">
        <Bullets>
          <Bullet term="Access">
            Everything Stride keeps about you is shown to you in the app: your profile, activities, goals, plans,
            check-ins, medals and statistics.
          </Bullet>
          <Bullet term="Export">
            You can download the original file of every activity you uploaded. For a complete copy of your data, ask the
            operator.
          </Bullet>
          <Bullet term="Correction">You can change your name, profile, preferences, goals and plans in the app.</Bullet>
          <Bullet term="Deletion">
            You can delete your account and all of its data yourself in Account Settings; see the{' '}
            <InternalLink to="/data-deletion-policy">Data Deletion Policy</InternalLink>.
          </Bullet>
          <Bullet term="Withdrawing access">
            You can disconnect Strava in Account Settings and revoke Stride&rsquo;s access on Strava at{' '}
            <ExternalLink href="https://www.strava.com/settings/apps">strava.com/settings/apps</ExternalLink>.
          </Bullet>
        </Bullets>
        <Paragraph>
          Depending on where you and the operator are, data protection law (such as the GDPR) may give you further
          rights, including to object to processing and to complain to a data protection authority.
        </Paragraph>
      </Section>

      <Section heading="Changes to this policy">
        <Paragraph>
          If this policy changes, the date at the top changes with it. The operator should tell you about significant
          changes before they take effect.
        </Paragraph>
      </Section>

      <Section heading="Contact">
        <Paragraph>
          For any question or request about your data, contact the operator of this server: the person or organisation
          that gave you access to Stride. The authors of the Stride software cannot see or change the data held on this
          server.
        </Paragraph>
      </Section>
    </LegalPage>
  );
}
