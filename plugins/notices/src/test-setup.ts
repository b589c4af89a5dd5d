/** For the tests that open dialogs, radios and popovers: jsdom lacks what Radix calls. */
import '@vap/ui/test-polyfills';
