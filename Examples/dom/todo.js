// Runs after the parse (defer): wires the form, marks items done, and updates the summary on a
// timer, the way a page script would. `xjs run --dom todo.html` prints the resulting document.
const list = document.getElementById('items');
const form = document.getElementById('add');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const item = document.createElement('li');
  item.textContent = form.elements.title.value;
  list.append(item);
});

list.addEventListener('click', (event) => {
  const item = event.target.closest('li');
  if (item) item.toggleAttribute('data-done');
});

function summarize() {
  const done = list.querySelectorAll('li[data-done]').length;
  document.getElementById('summary').textContent = `${done} of ${list.children.length} done`;
}

document.addEventListener('DOMContentLoaded', () => {
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  list.children[1].click();
  setTimeout(summarize, 10);
});
