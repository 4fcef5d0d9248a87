import { Favourites } from './Favourites';
import { MemberRoot } from './MemberRoot';

export default function FavouritesIsland() {
  return (
    <MemberRoot>
      <Favourites />
    </MemberRoot>
  );
}
