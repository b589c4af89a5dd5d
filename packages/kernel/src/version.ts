/**
 * The plugin API version. A plugin declares the range it was written for (`kernel: '^2'`);
 * the kernel refuses to boot a plugin whose range this version does not satisfy.
 */
export const KERNEL_API_VERSION = '2.0.0';
