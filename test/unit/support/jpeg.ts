// Moved to test/core/images/support/jpeg.ts. Kept for the tests that still import it here
// (test/unit/imageInfo.test.ts, test/media/): delete once they import it from there.
export * from '../../core/images/support/jpeg';
