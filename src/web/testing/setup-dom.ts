import { configure } from '@testing-library/react';

// The web tests' `findBy*` and `waitFor` wait up to 5 s, not testing-library's 1 s: CI shares a loaded 2-core
// machine, where a render that takes 1 s is slow, not wrong.
if (typeof document !== 'undefined') configure({ asyncUtilTimeout: 5_000 });
