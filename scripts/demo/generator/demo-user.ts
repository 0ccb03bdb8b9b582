/** One of the demo's people, as content/users.json names them. */
export interface DemoUser {
  login: string;
  id: number;
  name: string;
  type: 'User' | 'Bot';
}
