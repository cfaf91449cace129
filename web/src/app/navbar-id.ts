/** The id of the side-menu drawer, which the top-bar burger controls. */
export const NAVBAR_ID = 'side-menu';
