import { configure } from '@testing-library/react';

// The first render of a test loads the shell and page chunks through Vite's transform; on a busy
// two-core CI machine that can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 10_000 });
