// Links outside the portal, kept in one place so the club can change them without touching pages.

export const clubLinks = {
  /** The club's social (Facebook) page; also where people are told to send questions. */
  socialPage: 'https://www.facebook.com/photoclub',
  /** The club's photo-sharing page. */
  photoSharingPage: 'https://www.flickr.com/groups/photoclub',
  /** The members' Facebook group; the server sends the current semester's link after applying. */
  membersGroup: 'https://www.facebook.com/groups/photoclub',
  /** Cloud drive folder with the course slides (members only). */
  courseSlides: 'https://drive.google.com/drive/folders/photoclub-course-slides',
  /**
   * Where the network storage lives. The storage is served below /nas on the portal's own origin, so
   * after login a /nas... redirect is opened as a full page load of this base plus the path.
   */
  networkStorageBase: '',
  /** The bulk film loader's registration sheet (AdminBulkFilmLoader, document 3). */
  bulkFilmSheet: 'https://docs.google.com/spreadsheets/d/photoclub-bulk-film-loader',
} as const;

/** Login redirects below this path go to the network storage rather than to a page of the app. */
export const NETWORK_STORAGE_PREFIX = '/nas';
