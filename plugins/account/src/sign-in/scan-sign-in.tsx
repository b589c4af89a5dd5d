import { AUTH_PATHS, scanLoginCreatedSchema, scanLoginPollSchema } from '@vap/contracts';
import { useKernel, useT } from '@vap/kernel';
import { QueryProvider } from '@vap/kernel/query';
import { useCallback, useMemo, useState } from 'react';
import { ScanCode, type ScanFlow } from './scan-code.js';
import { signInWith } from './sign-in-after.js';

type SignInPoll = { state: 'pending' } | { token: string };

/** Sign in by scanning a QR code with the messaging app: polls every 2 s until confirmed or expired. */
export function ScanSignIn(props: { onSignedIn: () => void }) {
  // The sign-in page has no query client of its own (it loads none): this tab brings the kernel's.
  return (
    <QueryProvider>
      <ScanSignInCode {...props} />
    </QueryProvider>
  );
}

function ScanSignInCode({ onSignedIn }: { onSignedIn: () => void }) {
  const kernel = useKernel();
  const t = useT('account');
  const tc = useT();
  const [signInFailure, setSignInFailure] = useState<string | null>(null);
  const flow = useMemo<ScanFlow<SignInPoll>>(
    () => ({
      name: 'scan-login',
      create: (signal) =>
        kernel.http.post(AUTH_PATHS.scanQrcode, undefined, {
          auth: false,
          schema: scanLoginCreatedSchema,
          quiet: true,
          signal,
        }),
      poll: (id, signal) =>
        kernel.http.post(
          AUTH_PATHS.scanLogin,
          { id },
          { auth: false, schema: scanLoginPollSchema, quiet: true, signal },
        ),
      pending: { state: 'pending' },
      isDone: (answer) => 'token' in answer,
    }),
    [kernel],
  );
  // Signing in is what a confirmed code is for: ScanCode reports each token once.
  const signIn = useCallback(
    (answer: SignInPoll) => {
      if (!('token' in answer)) return;
      void signInWith(kernel, answer.token, tc('app.noAccess')).then((failed) =>
        failed ? setSignInFailure(failed) : onSignedIn(),
      );
    },
    [kernel, tc, onSignedIn],
  );
  return (
    <ScanCode
      flow={flow}
      onDone={signIn}
      failure={signInFailure}
      onRestart={() => setSignInFailure(null)}
      hint={t('scan.hint')}
    />
  );
}
