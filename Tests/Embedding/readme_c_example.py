#!/usr/bin/env python3
"""The README's C example, exactly as the README writes it, for run-tests.sh.

    readme_c_example.py README.md DIR

writes DIR/app.c (the ```c block that starts with `// app.c`, in the section "Use it from C, MLT
...") and DIR/build.sh: the lines of the ```sh block that installs libsegue, in order and
unchanged, each `make` line run in the repository and each `cc` line in DIR (where the test puts
app.c and a link to .build-libsegue), the program each `cc` line makes renamed app-1, app-2.
The `./app` line is left to the test, which runs the programs on its own pictures with a clean
environment. Exits 1 naming what it did not find, so a README that lost its example fails.
"""
import re
import shlex
import sys
from pathlib import Path

readme, folder = Path(sys.argv[1]), Path(sys.argv[2])
text = readme.read_text(encoding="utf-8")
section = re.search(r"^## Use it from C, MLT.*?(?=^## )", text, re.S | re.M)
if not section:
    sys.exit("README.md has no section 'Use it from C, MLT ...'")
program = re.search(r"```c\n(// app\.c:.*?)```", section.group(0), re.S)
if not program:
    sys.exit("README.md's C section has no ```c block starting with // app.c")
build = next((block for block in re.findall(r"```sh\n(.*?)```", section.group(0), re.S) if "make install-libsegue" in block), None)
if not build:
    sys.exit("README.md's C section has no ```sh block with make install-libsegue")
(folder / "app.c").write_text(program.group(1), encoding="utf-8")

script = ["set -e"]
programs = 0
for line in build.splitlines():
    command = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
    if not command:
        continue
    if command.startswith("make "):
        script += ['cd "$REPOSITORY"', line]
    elif command.startswith("cc "):
        programs += 1
        script += [f"cd {shlex.quote(str(folder))}", line, f"mv app app-{programs}"]
    elif command.startswith("./app"):
        continue
    else:
        script.append(line)
if programs != 2 or not any(line.startswith("make install-libsegue") for line in script):
    sys.exit(f"README.md's build block should install libsegue and build app twice (pkg-config, build folder); found {programs} cc lines")
(folder / "build.sh").write_text("\n".join(script) + "\n", encoding="utf-8")
