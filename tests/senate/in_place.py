"""What a refused form of Rome's pages looks like (issue 30): the same page, status 400, the form as typed and
marked the step the umpire is on, each problem beside its field."""

import html


def refused_form(answer, action):
    """The refused form's HTML (unescaped): the answer is 400, and the form posted to `action` is the page's
    one current step."""
    assert answer.status_code == 400, answer.status_code
    page = html.unescape(answer.content.decode())
    assert page.count("data-current-step") == 1
    at = page.index(f'action="{action}')
    form = page[page.rindex("<form", 0, at) : page.index("</form>", at)]
    assert "data-current-step" in form
    return form


def beside(form, name, words):
    """`words` stand right after the field `name`, before the next field's label."""
    at = form.index(f'name="{name}"')
    after = form.find("<label", form.index(">", at))
    assert words in form[at : after if after != -1 else None], form[at:][:600]
