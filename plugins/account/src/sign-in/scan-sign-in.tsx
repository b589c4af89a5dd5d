import { AUTH_CALLS } from '@vap/contracts';
import { useClient, useKernel, useT } from '@vap/kernel';
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
  const auth = useClient(AUTH_CALLS);
  const t = useT('account');
  const tc = useT();
  const [signInFailure, setSignInFailure] = useState<string | null>(null);
  const flow = useMemo<ScanFlow<SignInPoll>>(
    () => ({
      name: 'scan-login',
      create: (signal) => auth.scanQrcode({}, { quiet: true, signal }),
      poll: (id, signal) => auth.scanLogin({ body: { id } }, { quiet: true, signal }),
      pending: { state: 'pending' },
      isDone: (answer) => 'token' in answer,
    }),
    [auth],
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
