/** /terms-of-service: the rules for using a Stride server, between you and its operator. */
import { Bullet, Bullets, ExternalLink, InternalLink, LegalPage, Paragraph, Section } from './LegalPage.tsx';

export default function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service" updated="22 November 2026">
      <Section heading="1. About these terms">
        <Paragraph>
          Stride is self-hosted running and training software. This server is run by its <strong>operator</strong>: the
          person, club or company that gave you access. These terms are an agreement between you and the operator. By
          creating an account or using Stride you accept them. If you do not accept them, do not use this server.
        </Paragraph>
        <Paragraph>
          The authors of the Stride software publish it under an open-source licence. They do not run this server, are
          not a party to these terms and have no access to your data.
        </Paragraph>
      </Section>

      <Section heading="2. Your account">
        <Bullets>
          <Bullet>
            Give a real e-mail address that you control; it is used to sign in and to reset your password.
          </Bullet>
          <Bullet>
            Keep your password to yourself. You are responsible for what happens under your account, so tell the
            operator straight away if you think someone else has used it.
          </Bullet>
          <Bullet>An account is for one person. Do not create accounts for other people without their consent.</Bullet>
          <Bullet>
            You must be old enough to agree to these terms, and to the processing of your data, where you live.
          </Bullet>
        </Bullets>
      </Section>

      <Section heading="3. Acceptable use">
        <Paragraph>When using Stride, you agree not to:</Paragraph>
        <Bullets>
          <Bullet>break the law, or help anyone else to;</Bullet>
          <Bullet>upload other people&rsquo;s activities, tracks or personal data without their permission;</Bullet>
          <Bullet>
            use your username, name, bio, photo or public activities to impersonate, harass or mislead anyone, or to
            publish content that is unlawful, hateful or infringes someone else&rsquo;s rights;
          </Bullet>
          <Bullet>
            try to reach another user&rsquo;s data, get around sign-in, rate limits or other security measures, or probe
            the server for weaknesses without the operator&rsquo;s permission;
          </Bullet>
          <Bullet>
            overload the server, upload files meant to harm it, or scrape it with automated tools beyond normal personal
            use;
          </Bullet>
          <Bullet>
            misuse the Strava or Stripe connections, or break those services&rsquo; own terms through Stride.
          </Bullet>
        </Bullets>
      </Section>

      <Section heading="4. Your data stays yours">
        <Paragraph>
          You keep all rights to the activities, files, profile, goals, plans, check-ins and other content you add. You
          allow the operator only to store, process and show that content as needed to run Stride for you, and to
          publish the parts you choose to make public on your public profile. The operator claims no ownership of your
          content and does not sell it or use it for advertising.
        </Paragraph>
        <Paragraph>
          You can download the original files you uploaded and delete your account and all of its data at any time. How
          your data is handled is described in the <InternalLink to="/privacy-policy">Privacy Policy</InternalLink> and
          the <InternalLink to="/data-deletion-policy">Data Deletion Policy</InternalLink>.
        </Paragraph>
      </Section>

      <Section heading="5. Not medical advice">
        <Paragraph>
          Training plans, goals, pace and distance calculations, wellbeing check-ins, scores, coaching tips, breathing
          and stretching exercises, medals and all other figures in Stride are for information and motivation only. They
          are not medical advice, diagnosis or treatment, and they can be wrong: GPS, heart-rate and other sensor data
          is often inaccurate.
        </Paragraph>
        <Paragraph>
          Talk to a doctor or another qualified professional before starting a new training programme, especially if you
          have a health condition, an injury or are pregnant. Stop exercising and get help if you feel pain, dizziness,
          chest discomfort or shortness of breath. Use the exercises and plans at your own risk, and listen to your
          body.
        </Paragraph>
      </Section>

      <Section heading="6. Strava, Stripe and other services">
        <Paragraph>
          Some features depend on services run by other companies. When you use them, their terms apply as well as
          these, and the operator is not responsible for those services.
        </Paragraph>
        <Bullets>
          <Bullet term="Strava">
            Connecting Strava is optional and is governed also by Strava&rsquo;s{' '}
            <ExternalLink href="https://www.strava.com/legal/terms">Terms of Service</ExternalLink> and{' '}
            <ExternalLink href="https://www.strava.com/legal/api">API Agreement</ExternalLink>. Stride is not made or
            endorsed by Strava. Activities imported from Strava are shown only to you, never publicly.
          </Bullet>
          <Bullet term="Stripe">
            Payments are processed by Stripe under{' '}
            <ExternalLink href="https://stripe.com/legal/consumer">Stripe&rsquo;s terms</ExternalLink>.
          </Bullet>
          <Bullet term="Google">
            Signing in with Google, where the operator offers it, is governed also by Google&rsquo;s terms.
          </Bullet>
        </Bullets>
      </Section>

      <Section heading="7. Subscriptions and billing">
        <Bullets>
          <Bullet>
            If the operator offers a paid subscription, the price, billing period and what it includes are shown before
            you pay. Payment is taken by Stripe; your card details go to Stripe and are never stored by Stride.
          </Bullet>
          <Bullet>
            A subscription renews automatically at the end of each billing period until you cancel it. Subscriber
            features are available while the subscription is active and its current period has not ended.
          </Bullet>
          <Bullet>
            You can cancel at any time from Account Settings through Stripe&rsquo;s billing portal. Cancelling stops the
            next renewal; you keep access until the end of the period you have paid for.
          </Bullet>
          <Bullet>
            Refunds are at the operator&rsquo;s discretion, except where the law gives you a right to one (for example a
            right to withdraw from the purchase).
          </Bullet>
          <Bullet>
            The operator may change prices for future billing periods, and will tell you before a change affects you.
          </Bullet>
        </Bullets>
      </Section>

      <Section heading="8. Availability and liability">
        <Paragraph>
          The operator provides Stride &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. The server may be unavailable
          at times, for example for maintenance, and features may change. Neither the operator nor the authors of the
          software promise that Stride will be error-free or uninterrupted, or that your data can never be lost. Keep
          your own copies of files that matter to you.
        </Paragraph>
        <Paragraph>
          As far as the law allows, the operator is not liable for indirect or consequential loss, or for loss caused by
          services outside their control such as Strava, Stripe, Google, map or weather providers. Nothing in these
          terms limits liability that cannot be limited by law, or your rights as a consumer.
        </Paragraph>
      </Section>

      <Section heading="9. Ending your use of Stride">
        <Paragraph>
          You can stop using Stride at any time and delete your account in Account Settings; see the{' '}
          <InternalLink to="/data-deletion-policy">Data Deletion Policy</InternalLink>.
        </Paragraph>
        <Paragraph>
          The operator may suspend or close an account that breaks these terms or puts the server or other users at
          risk, normally after telling you why. If the operator decides to shut the server down, they should give you
          reasonable notice so that you can download your files first.
        </Paragraph>
      </Section>

      <Section heading="10. Changes to these terms">
        <Paragraph>
          The operator may update these terms, for example when features or the law change. The date at the top shows
          the latest version. The operator should tell you about significant changes before they take effect; if you
          keep using Stride after that, the new terms apply. If you do not agree with them, you can delete your account.
        </Paragraph>
      </Section>

      <Section heading="11. Contact">
        <Paragraph>
          Questions about these terms, your account or your subscription go to the operator of this server: the person
          or organisation that gave you access to Stride.
        </Paragraph>
      </Section>
    </LegalPage>
  );
}
