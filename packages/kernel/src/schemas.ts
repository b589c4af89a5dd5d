/**
 * The contracts' schemas that the kernel parses its own answers with. The request layer loads this
 * module on first use (`kernelSchemas` in http.ts), in parallel with the call that needs it: zod and
 * the schemas are not part of the first load, so the sign-in page does not carry them.
 */
export { apiErrorSchema, listPageSchema, mqttVersionSchema } from '@vap/contracts';
