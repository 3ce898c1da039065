// The language's id and its settings' section, as package.json declares them.
export const LANGUAGE_ID = 'mmq';
export const CONFIGURATION_SECTION = 'mediaMonitoring';
