// The source every page names beside what the registry's zone says: kept apart from zone-facts.ts so
// a page's bundle can name it without the zone's words.

/** The registry's page about its zone files: the source the pages name. */
export const ZONE_SOURCE_URL = "https://internetstiftelsen.se/domaner/domannamnsbranschen/teknik/tillgang-till-zonfiler-for-se-och-nu/";
export const ZONE_SOURCE_NAME = "Internetstiftelsen";
