# The test suites' own session bus: sourced by Tests/E2E/run.sh and Tests/Orca/run.sh.
#
#   make_session_bus DIR    writes DIR/session.conf (for dbus-run-session --config-file) and
#                           DIR/services/, or says on stderr what is missing and returns 1
#
# A session bus made with Debian's session.conf activates whatever the machine has installed in
# /usr/share/dbus-1/services (and $XDG_DATA_DIRS, ~/.local/share): on a desktop, asking for
# org.freedesktop.FileManager1 starts the real Nautilus, org.freedesktop.portal.Desktop the real
# portal, before a test's stand-in owns the name. This bus activates only what the suites need,
# from DIR/services:
#   org.a11y.Bus   at-spi-bus-launcher, the accessibility bus (GTK, Orca and pyatspi ask for it).
#                  The accessibility bus it starts is at-spi2-core's own (accessibility.conf), where
#                  only the AT-SPI registry is activatable.
# Nothing else is: GSettings use the keyfile backend in the tests (no dconf-service), and
# speech-dispatcher and the window manager are started by the suites themselves. A name nobody owns
# answers ServiceUnknown at once, as on a desktop without that service.
SESSION_BUS_SERVICES="org.a11y.Bus"

make_session_bus() {
    local dir=$1 name found data_dir
    mkdir -p "$dir/services" || return 1
    for name in $SESSION_BUS_SERVICES; do
        found=
        # The machine's own file for it, so that Exec= names the installed program.
        for data_dir in /usr/share /usr/local/share; do
            if [ -f "$data_dir/dbus-1/services/$name.service" ]; then
                found=$data_dir/dbus-1/services/$name.service
                break
            fi
        done
        if [ -z "$found" ]; then
            echo "no D-Bus service file for $name (/usr/share/dbus-1/services/$name.service)" >&2
            return 1
        fi
        # Exec= only: SystemdService= would hand the start to a systemd user instance the test
        # session does not have.
        grep -v '^SystemdService=' "$found" >"$dir/services/$name.service" || return 1
    done
    cat >"$dir/session.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<!-- Written by Tests/E2E/session_bus.sh: a session bus whose only activatable services are
     those in $dir/services (no <standard_session_servicedirs/>, no included machine config). -->
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$dir/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
  <limit name="max_incoming_bytes">1000000000</limit>
  <limit name="max_outgoing_bytes">1000000000</limit>
  <limit name="max_message_size">1000000000</limit>
  <limit name="service_start_timeout">120000</limit>
  <limit name="auth_timeout">240000</limit>
  <limit name="max_completed_connections">100000</limit>
  <limit name="max_incomplete_connections">10000</limit>
  <limit name="max_connections_per_user">100000</limit>
  <limit name="max_pending_service_starts">10000</limit>
  <limit name="max_names_per_connection">50000</limit>
  <limit name="max_match_rules_per_connection">50000</limit>
  <limit name="max_replies_per_connection">50000</limit>
</busconfig>
EOF
}
